import { create } from 'zustand';
import type { AudioItemRef } from './trim';

type EditAudioState = {
  /** The audio item being edited; null when the popup is closed. */
  target: AudioItemRef | null;
  open(target: AudioItemRef): void;
  close(): void;
};

/** Opens the Edit audio popup (spec 002 §2) on one audio item; the popup loads on first use. */
export const useEditAudio = create<EditAudioState>((set) => ({
  target: null,
  open: (target) => set({ target }),
  close: () => set({ target: null }),
}));
