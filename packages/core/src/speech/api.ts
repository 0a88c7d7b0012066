import { z } from 'zod';

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
