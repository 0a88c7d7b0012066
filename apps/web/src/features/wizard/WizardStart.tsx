import { frameCount } from '@reelwright/core';
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useProject } from '../project/project-store';
import { updateWizard } from './use-wizard';
import { apiFlagFromSearch, openingStepIndex, WIZARD_STEPS } from './wizard-steps';

/** `/wizard`: opens the step the project calls for (spec 001 §2) and records it as reached. */
export function WizardStart() {
  const id = useProject((s) => s.id);
  const frames = useProject((s) => frameCount(s.data));
  const maxIndex = useProject((s) => s.data.wizard.maxIndex ?? 0);
  const index = openingStepIndex({ id, frames, apiFlag: apiFlagFromSearch(window.location.search) });
  useEffect(() => {
    if (index > maxIndex) {
      updateWizard((draft) => {
        draft.maxIndex = index;
      });
    }
  }, [index, maxIndex]);
  if (index > maxIndex) return null;
  return <Navigate to={`/wizard/${WIZARD_STEPS[index]!.slug}`} replace />;
}
