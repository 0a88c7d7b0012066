import { create } from 'zustand';

type RecorderDialogState = {
  opened: boolean;
  /** The slide the popup treats as 'current'; null for the first one. */
  frameId: string | null;
  open(frameId: string | null): void;
  close(): void;
};

/**
 * Opens the voice recorder popup ('Easy Voice Recorder', spec 002 §4). Small and eager, so the
 * builder can open the popup, whose code (and the microphone handling) loads on first use.
 */
export const useRecorderDialog = create<RecorderDialogState>((set) => ({
  opened: false,
  frameId: null,
  open: (frameId) => set({ opened: true, frameId }),
  close: () => set({ opened: false }),
}));
