import type { Seconds } from '@reelwright/core';
import { create } from 'zustand';
import type { RecordingOrigin } from './take-placement';

type RecorderDialogState = {
  opened: boolean;
  /** The slide the popup treats as 'current'; null for the first one. */
  frameId: string | null;
  /** Where the builder's playhead stood when the popup opened: the first take on that slide starts there. */
  origin: RecordingOrigin | null;
  /** Opens the popup on a slide; `playhead` (seconds into that slide) when opened from the builder. */
  open(frameId: string | null, playhead?: Seconds): void;
  close(): void;
};

/**
 * Opens the voice recorder popup ('Easy Voice Recorder', spec 002 §4). Small and eager, so the
 * builder can open the popup, whose code (and the microphone handling) loads on first use.
 */
export const useRecorderDialog = create<RecorderDialogState>((set) => ({
  opened: false,
  frameId: null,
  origin: null,
  open: (frameId, playhead) =>
    set({ opened: true, frameId, origin: frameId !== null && playhead !== undefined ? { frameId, playhead } : null }),
  close: () => set({ opened: false }),
}));
