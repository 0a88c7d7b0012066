import { create } from 'zustand';

type PronunciationsDialogState = {
  opened: boolean;
  open(): void;
  close(): void;
};

/**
 * Opens the custom pronunciations dialog (spec 000 §2) from the user menu. The dialog itself
 * belongs to the speech feature, which mounts it and reads this store.
 */
export const usePronunciationsDialog = create<PronunciationsDialogState>((set) => ({
  opened: false,
  open: () => set({ opened: true }),
  close: () => set({ opened: false }),
}));
