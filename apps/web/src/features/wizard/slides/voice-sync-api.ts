import { type TranscriptWord, transcriptWords } from '@reelwright/core';
import { call } from '../../../lib/api';

/** How often the transcription is asked about (spec 001 §9: every second). */
export const TRANSCRIBE_POLL_MS = 1000;

/**
 * Sends a stored recording to be transcribed against the saved project's texts and polls every
 * second until it is done (spec 001 §4, §7). `signal` stops the polling.
 */
export async function transcribeRecording(
  mp3: string,
  projectId: number,
  signal: AbortSignal,
): Promise<TranscriptWord[]> {
  const started = await call('transcribeStart', { mp3, proj_id: projectId });
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, TRANSCRIBE_POLL_MS));
    if (signal.aborted) throw new DOMException('Transcription aborted', 'AbortError');
    const answer = await call('transcribeStatus', { id: started.id }, { signal });
    if (!answer.done) continue;
    if (answer.error || !answer.result_json) throw new Error(answer.error ?? 'The recording could not be transcribed.');
    return transcriptWords(answer.result_json.items);
  }
}
