/** OpenAI's slice of the configuration (config-slice.ts); its key also serves `TRANSCRIBE_ENGINE=openai`. */
import { z } from 'zod';
import { type EnvOf, httpUrl } from '../../../config-slice';

export const openAiEnv = {
  OPENAI_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('OpenAI: the API key, for speech and for `TRANSCRIBE_ENGINE=openai`'),
  OPENAI_URL: httpUrl().default('https://api.openai.com').describe("OpenAI's base address (speech and transcription)"),
  OPENAI_TTS_MODEL: z
    .string()
    .min(1)
    .default('gpt-4o-mini-tts')
    .describe(
      'the OpenAI speech model (`tts-1` lacks the voices ballad and verse); its fixed voices speak any language (`mul`)',
    ),
};

export function openAiConfig(e: EnvOf<typeof openAiEnv>) {
  return { apiKey: e.OPENAI_API_KEY, url: e.OPENAI_URL, model: e.OPENAI_TTS_MODEL };
}
