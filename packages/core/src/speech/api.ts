import { z } from 'zod';
import { SpokenWordsSchema } from '../captions/schema';
import { optionalRowIdSchema } from '../ids';

/** A narration voice as the clients read it (spec 001 §3 Voice: Id, label, Name, LanguageCode, LanguageName, engine). */
export const TtsVoiceSchema = z.object({
  Id: z.string(),
  label: z.string(),
  Name: z.string(),
  LanguageCode: z.string(),
  LanguageName: z.string(),
  engine: z.enum(['free_tts', 'paid_tts']),
});
export type TtsVoice = z.infer<typeof TtsVoiceSchema>;

/** '1', 'true' → true; anything else given → false. */
const flag = z
  .string()
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** Numbers as clients send them: a number, a numeric string, or '' / null for none. */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().pipe(schema).optional());

/**
 * A voice id. Ids never hold spaces, but eSpeak's hold '+' ('espeak:en-us+f3'), which an
 * unencoded query string turns into a space: turn it back.
 */
const voiceIdField = z
  .string()
  .max(200)
  .transform((v) => v.trim().replaceAll(' ', '+'))
  .optional();

const speechFields = {
  voiceId: voiceIdField,
  lang: z.string().max(35).optional(),
  engine: z.string().max(20).optional(),
  pid: optionalNumber(optionalRowIdSchema),
  /** Speaking rate, 1 = the voice's normal. */
  rate: optionalNumber(z.number().min(0.5).max(2)),
  /** Pitch shift in semitones. */
  pitch: optionalNumber(z.number().min(-12).max(12)),
};

/**
 * `POST /api/queries/tts`: text plus the slide's settings (spec 001 §7); the settings may also
 * come nested as `settings`. `preview` (ours) marks a pronunciation preview of the custom
 * pronunciations dialog: short, not narration, not counted. Other fields (recaptcha, layout …)
 * are ignored.
 */
export const SpeakBodySchema = z.looseObject({
  text: z.string().max(100_000).default(''),
  ...speechFields,
  settings: z.looseObject({ voiceId: speechFields.voiceId, lang: speechFields.lang }).optional(),
  preview: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])], { error: 'preview: give true or false.' })
    .optional()
    .transform((v) => v === true || v === '1' || v === 'true'),
});
export type SpeakBody = z.output<typeof SpeakBodySchema>;

/** `GET /api/queries/tts`: the voice list, a demo, or speech (the POST's fields as a query). */
export const TtsQuerySchema = z.looseObject({
  voices: flag,
  demo: flag,
  redir: flag,
  /** The demo's voice. */
  voice: voiceIdField,
  text: z.string().max(100_000).optional(),
  ...speechFields,
});
export type TtsQuery = z.output<typeof TtsQuerySchema>;

/**
 * A spoken clip: its stored MP3, length in seconds and, when known, its words timed from the
 * clip's start (from the voice vendor or the aligner, D68; for captions).
 */
export const SpokenClipSchema = z.object({
  url: z.string(),
  duration: z.number(),
  words: SpokenWordsSchema.optional(),
});
/** The voice list of `GET /api/queries/tts?voices=1`. */
export const VoiceListSchema = z.array(TtsVoiceSchema);
/** What `GET /api/queries/tts` answers: the voice list (`voices=1`) or a spoken clip. */
export const TtsAnswerSchema = VoiceListSchema.or(SpokenClipSchema);

/** What save-mp3 answers: the stored MP3 and its measured length in seconds. */
export const SavedRecordingSchema = z.object({ url: z.string(), duration: z.number() });
