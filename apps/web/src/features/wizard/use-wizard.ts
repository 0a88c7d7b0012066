import type { Wizard } from '@reelwright/core';
import { useProject } from '../project/project-store';

/** The open project's wizard part (spec 001 §3). */
export const useWizard = (): Wizard => useProject((s) => s.data.wizard);

/** Edits the wizard part through the project store (history, auto-save). */
export function updateWizard(mutate: (wizard: Wizard) => void) {
  useProject.getState().updateProject((draft) => {
    mutate(draft.wizard);
  });
}
