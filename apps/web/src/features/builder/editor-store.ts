import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { Editor, type EditorSnapshot } from '../../builder/editor';
import { projectDocument } from '../project/project-store';

/** The builder's one editor, on the open project's document (the wizard edits the same one). */
export const builderEditor = new Editor(projectDocument);

const snapshots = createStore<EditorSnapshot>(() => builderEditor.snapshot);
builderEditor.subscribe(() => snapshots.setState(builderEditor.snapshot, true));

/** Reads from the editor's snapshot; the component renders again only when the selected value changes. */
export function useEditor<T>(selector: (snapshot: EditorSnapshot) => T): T {
  return useStore(snapshots, selector);
}
