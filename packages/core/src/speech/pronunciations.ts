import { z } from 'zod';

/** A custom pronunciation (spec 000 §3 Pronunciation word: id, from, to). */
export const PronunciationWordSchema = z.object({
  id: z.string().max(64),
  from: z.string().max(100),
  to: z.string().max(200),
});
export type PronunciationWord = z.infer<typeof PronunciationWordSchema>;

/**
 * The `tts` object of a member's settings (spec 000 §3): their custom pronunciations and the
 * voice the dialog plays them with. Unknown keys are kept for the editors.
 */
export const TtsSettingsSchema = z.looseObject({
  words: z.array(PronunciationWordSchema).max(500).default([]),
  voiceId: z.string().max(100).optional(),
  lang: z.string().max(35).optional(),
});
export type TtsSettings = z.infer<typeof TtsSettingsSchema>;

/** The member's `tts` settings, or empty ones when missing or malformed. */
export function ttsSettingsOf(settings: Record<string, unknown>): TtsSettings {
  const parsed = TtsSettingsSchema.safeParse(settings.tts ?? {});
  return parsed.success ? parsed.data : { words: [] };
}

/** A row with an empty word counts as empty (spec 000 §6). */
export const isEmptyRow = (word: PronunciationWord) => word.from.trim() === '';

/** The play button shows only when both are filled (spec 000 §6). */
export const canPlayRow = (word: PronunciationWord) => !isEmptyRow(word) && word.to.trim() !== '';

/** The pronunciation is required when a word is set (spec 000 §6); null when the row is fine. */
export function pronunciationRowError(word: PronunciationWord): string | null {
  return !isEmptyRow(word) && word.to.trim() === '' ? 'Enter how the word should sound.' : null;
}

/** The rows worth keeping: trimmed, empty ones dropped. */
export function cleanPronunciations(words: PronunciationWord[]): PronunciationWord[] {
  return words
    .filter((word) => !isEmptyRow(word))
    .map((word) => ({ ...word, from: word.from.trim(), to: word.to.trim() }));
}
