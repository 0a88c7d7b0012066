import {
  type AudioItem,
  ItemSchema,
  messages,
  plainText,
  type Seconds,
  type SpokenWord,
  type TextItem,
  type TtsVoice,
} from '@reelwright/core';
import { pickVoice } from '../../../speech/pick-voice';

/**
 * Speech in the builder (spec 002 §4, §6, §8; issue 19 part 3): which voice a slide speaks with,
 * whether a text item's speech may be asked for, and the audio item the answer becomes.
 */

/** What `POST /api/queries/tts` is asked (docs/api.md "Speech"). */
export type SpeechRequest = { text: string; voiceId: string; lang: string; engine: TtsVoice['engine']; pid?: number };

/**
 * The voice a slide speaks with: the one its settings name when this server has it, else the
 * default pick (a US English voice), preferring the paid engine's voices for the paid source.
 */
export function slideVoice(
  voices: readonly TtsVoice[],
  settings: { audioSource: string; voiceId?: string },
): TtsVoice | undefined {
  const own = voices.find((voice) => voice.Id === settings.voiceId);
  if (own) return own;
  const engine = settings.audioSource === 'paid_tts' ? 'paid_tts' : 'free_tts';
  const ofEngine = voices.filter((voice) => voice.engine === engine);
  return pickVoice(ofEngine.length ? ofEngine : [...voices], '');
}

/**
 * Whether speech may be generated for a text, and the request: visitors are asked to sign up,
 * an empty text is refused (spec 002 §6, §8, verbatim); without a voice or a language the call is
 * not made and only logged (spec 002 §8), which `log` carries.
 */
export function speechRequest(input: {
  member: boolean;
  text: string;
  voice: Pick<TtsVoice, 'Id' | 'LanguageCode' | 'engine'> | undefined;
  pid?: number | null;
}): { request: SpeechRequest } | { error: string } | { log: string } {
  if (!input.member) return { error: messages.ttsSignupRequired };
  const text = plainText(input.text).trim();
  if (!text) return { error: messages.ttsEmptyText };
  if (!input.voice?.Id || !input.voice.LanguageCode) return { log: 'Speech not generated: no voice or language.' };
  const { Id: voiceId, LanguageCode: lang, engine } = input.voice;
  return { request: { text, voiceId, lang, engine, ...(input.pid ? { pid: input.pid } : {}) } };
}

/** The words of a text item, one line a paragraph. */
export const textOfItem = (item: TextItem) =>
  item.paragraphs.map((paragraph) => paragraph.runs.map((run) => run.text).join('')).join('\n');

/**
 * The audio item generated speech becomes: it starts with the text item and lasts as long as the
 * speech (at least the model's 0.1 s), named after its words, its source 'tts'.
 */
export function speechItem(
  id: string,
  text: TextItem,
  clip: { url: string; duration: Seconds; words?: SpokenWord[] },
): AudioItem {
  const words = plainText(textOfItem(text)).trim();
  const start = text.timing.start;
  const stop = Math.round((start + Math.max(clip.duration, 0.1)) * 100) / 100;
  return ItemSchema.parse({
    id,
    type: 'audio',
    url: clip.url,
    source: 'tts',
    duration: clip.duration,
    ttsText: words,
    // Timed words for captions (D68), when the speech service knows them.
    ...(clip.words ? { words: clip.words } : {}),
    label: words.length > 40 ? `${words.slice(0, 39)}…` : words,
    timing: { start, stop },
    box: { left: 0, top: 0, width: 1, height: 1 },
  }) as AudioItem;
}
