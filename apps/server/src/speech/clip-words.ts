/**
 * The words of a narration clip with their times, for captions (D68): the vendor's when it
 * gives them (Polly, ElevenLabs), otherwise found by the embedded aligner, which speaks the text
 * with eSpeak and warps it onto the clip (about 1.5 s of work for a 17 s clip on one core).
 */
import type { SpokenWord } from '@reelwright/core';
import { AlignmentError, alignScript, type TranscriptItem } from '../providers/transcription/align/align';
import type { TtsProviders } from '../providers/tts/registry';
import type { WordTiming } from '../providers/tts/types';

/** eSpeak's voice nearest the clip's: its own for an eSpeak clip, otherwise the aligner's default. */
const alignVoiceOf = (voiceId: string) => (voiceId.startsWith('espeak:') ? voiceId.slice('espeak:'.length) : undefined);

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Punctuation around a word, which transcripts leave out and caption cues are cut at. */
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

/**
 * The aligner's words with the script's punctuation back on (cues end at sentences and
 * clauses): each word takes the next script token that reads the same without punctuation.
 */
export function punctuatedWords(items: readonly TranscriptItem[], text: string): SpokenWord[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  let next = 0;
  return items.map((item) => {
    const content = item.alternatives[0].content;
    const found = tokens.findIndex((token, i) => i >= next && token.replace(EDGE_PUNCTUATION, '') === content);
    if (found >= 0) next = found + 1;
    return {
      text: found >= 0 ? (tokens[found] as string) : content,
      start: ms(Number(item.start_time)),
      end: ms(Number(item.end_time)),
    };
  });
}

/**
 * A clip's words: the vendor's timings when given, else the aligner's on `file` (the clip's MP3).
 * A clip the aligner cannot read (no sound, no words) has none: an empty list, so it is not
 * tried again. Undefined when the aligner failed otherwise (eSpeak down): tried on the next ask.
 */
export async function wordsOfClip(
  deps: { tts: Pick<TtsProviders, 'espeak'>; log: { error(obj: object, message: string): void } },
  clip: { file: string; text: string; voiceId: string; vendorWords?: WordTiming[] },
): Promise<SpokenWord[] | undefined> {
  if (clip.vendorWords && clip.vendorWords.length > 0) {
    return clip.vendorWords.map((w) => ({ text: w.text, start: ms(w.start), end: ms(Math.max(w.start, w.end)) }));
  }
  try {
    const { items } = await alignScript({
      recording: clip.file,
      texts: [clip.text],
      speaker: deps.tts.espeak,
      voice: alignVoiceOf(clip.voiceId),
    });
    return punctuatedWords(items, clip.text);
  } catch (error) {
    // Captions are extra: speech is answered without words rather than not at all.
    deps.log.error({ voiceId: clip.voiceId, reason: (error as Error).message }, 'a speech clip could not be aligned');
    return error instanceof AlignmentError ? [] : undefined;
  }
}
