import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { Editor, type EditorSnapshot } from '../../builder/editor';
import { TextRefitter } from '../../builder/text-refit';
import { systemClock } from '../project/clock';
import { projectDocument } from '../project/project-store';
import { measureTextInBrowser } from './stage/measure-text';

/** The builder's one editor, on the open project's document (the wizard edits the same one). */
export const builderEditor = new Editor(projectDocument);

/** Text items refit 500 ms after their box or font changed, in this browser (spec 002 §4). */
new TextRefitter(projectDocument, measureTextInBrowser, systemClock);

/** Every change, as it happens: what the stage draws. */
const live = createStore<EditorSnapshot>(() => builderEditor.snapshot);
/**
 * Every change except those in the middle of a stage gesture: the panels (slide bar, inspector,
 * timeline, toolbar) show a drag's result on release, so a drag renders the stage alone.
 */
const settled = createStore<EditorSnapshot>(() => builderEditor.snapshot);
builderEditor.subscribe(() => {
  live.setState(builderEditor.snapshot, true);
  if (!builderEditor.inStageGesture) settled.setState(builderEditor.snapshot, true);
});

/**
 * Reads from the editor's snapshot as the panels see it (settled, not mid-drag); the component
 * renders again only when the selected value changes.
 */
export function useEditor<T>(selector: (snapshot: EditorSnapshot) => T): T {
  return useStore(settled, selector);
}

/** Reads from the editor's snapshot as it changes, mid-drag included: for the stage and its overlays. */
export function useLiveEditor<T>(selector: (snapshot: EditorSnapshot) => T): T {
  return useStore(live, selector);
}
