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

const snapshots = createStore<EditorSnapshot>(() => builderEditor.snapshot);
builderEditor.subscribe(() => snapshots.setState(builderEditor.snapshot, true));

/** Reads from the editor's snapshot; the component renders again only when the selected value changes. */
export function useEditor<T>(selector: (snapshot: EditorSnapshot) => T): T {
  return useStore(snapshots, selector);
}
