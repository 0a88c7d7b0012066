import type { ApiError, TtsVoice } from '@reelwright/core';
import { ApiRequestError, api } from '../../lib/api';

/** The speech calls of spec 001 §7 the browser makes. */
export const speechApi = {
  /** Every voice of every engine (`engine=all`). */
  voices: () => api.get<TtsVoice[]>('/api/queries/tts', { voices: 1, engine: 'all' }),
  /**
   * Plays a pronunciation as written (`preview`): short, rate-limited, and not counted against
   * a project's speech allowance, since it is not narration.
   */
  previewPronunciation: (input: { text: string; voiceId: string; lang: string; engine: TtsVoice['engine'] }) =>
    api.post<{ url: string }>('/api/queries/tts', { ...input, preview: true }),
};

/** What save-mp3 answers: the stored MP3 and its measured length in seconds. */
export type SavedRecording = { url: string; duration: number };

/**
 * Sends a recording (the browser's Blob as it is: WebM, Ogg, WAV or MP3) to
 * `POST /api/queries/save-mp3`, which stores it as an MP3 (members only).
 */
export async function saveRecording(audio: Blob): Promise<SavedRecording> {
  let response: Response;
  try {
    response = await fetch('/api/queries/save-mp3', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': audio.type || 'application/octet-stream' },
      body: audio,
    });
  } catch {
    throw new ApiRequestError(0, 'network', 'Cannot reach the server. Check your connection and try again.');
  }
  const body = (await response.json().catch(() => ({}))) as Partial<SavedRecording & ApiError>;
  if (!response.ok || !body.url) {
    throw new ApiRequestError(
      response.status,
      body.code ?? 'http_error',
      body.error ?? `The server answered ${response.status}.`,
    );
  }
  return { url: body.url, duration: body.duration ?? 0 };
}
