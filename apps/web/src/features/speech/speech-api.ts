import type { TtsVoice } from '@reelwright/core';
import { call, upload } from '../../lib/api';

/** The speech calls of spec 001 §7 the browser makes. */
export const speechApi = {
  /** Every voice of every engine (`engine=all`). */
  voices: async (): Promise<TtsVoice[]> => {
    const answer = await call('tts', { voices: '1', engine: 'all' });
    return Array.isArray(answer) ? answer : [];
  },
  /**
   * Plays a pronunciation as written (`preview`): short, rate-limited, and not counted against
   * a project's speech allowance, since it is not narration.
   */
  previewPronunciation: (input: { text: string; voiceId: string; lang: string; engine: TtsVoice['engine'] }) =>
    call('speak', { ...input, preview: true }),
};

/**
 * Sends a recording (the browser's Blob as it is: WebM, Ogg, WAV or MP3) to
 * `POST /api/queries/save-mp3`, which stores it as an MP3 (members only) and answers its URL and
 * measured length in seconds.
 */
export const saveRecording = (audio: Blob) => upload('saveRecording', audio);
