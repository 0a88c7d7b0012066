import { createHashRouter, Navigate } from 'react-router-dom';
import { WizardPage } from '../features/wizard/WizardPage';
import { WizardStart } from '../features/wizard/WizardStart';
import { FIRST_WIZARD_STEP } from '../features/wizard/wizard-steps';
import { AppLayout } from './AppLayout';
import { RouteErrorPanel } from './RouteErrorPanel';

const firstStep = `/wizard/${FIRST_WIZARD_STEP}`;

/**
 * The hash routes of spec 000 §2 and 001 §2. Page errors are caught inside the layout, so the
 * menu bar stays usable; an error in the shell itself falls back to the same panel.
 */
export const router = createHashRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPanel />,
    children: [
      {
        errorElement: <RouteErrorPanel />,
        children: [
          { index: true, element: <Navigate to="/wizard" replace /> },
          { path: 'wizard', element: <WizardStart /> },
          { path: 'wizard/:step', element: <WizardPage /> },
          { path: 'wizard/*', element: <Navigate to={firstStep} replace /> },
          // The builder carries the renderer, react-moveable and dnd-kit: loaded on first visit.
          {
            path: 'builder',
            lazy: async () => ({ Component: (await import('../features/builder/BuilderPage')).BuilderPage }),
          },
          // The standalone audio editor carries wavesurfer.js: loaded on first visit.
          {
            path: 'audio-editor/:frameId/:itemId',
            lazy: async () => ({
              Component: (await import('../features/speech/audio-editor/AudioEditorPage')).AudioEditorPage,
            }),
          },
          {
            path: 'optimizer',
            lazy: async () => ({ Component: (await import('../features/optimizer/OptimizerPage')).OptimizerPage }),
          },
          {
            path: 'pricing',
            lazy: async () => ({ Component: (await import('../features/pricing/PricingPage')).PricingPage }),
          },
          {
            path: 'test',
            lazy: async () => ({ Component: (await import('../features/test-page/TestPage')).TestPage }),
          },
          // The player pages carry the renderer, the effect catalogue and the font list: loaded on
          // first visit so the app shell stays small (bundle budget in scripts/check-bundle.mjs).
          {
            path: 'preview',
            lazy: async () => ({ Component: (await import('../features/preview/PreviewPage')).PreviewPage }),
          },
          {
            path: 'effects',
            lazy: async () => ({
              Component: (await import('../features/effects-gallery/EffectsGalleryPage')).EffectsGalleryPage,
            }),
          },
          { path: '*', element: <Navigate to="/wizard" replace /> },
        ],
      },
    ],
  },
]);
