/** Google Cloud Text-to-Speech's slice of the configuration (config-slice.ts); no key, no vendor. */
import { z } from 'zod';
import { type EnvOf, httpUrl } from '../../../config-slice';

export const googleTtsEnv = {
  GOOGLE_TTS_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Google Cloud Text-to-Speech: an API key restricted to that API; voice ids are Google's names, e.g. `en-US-Wavenet-C`",
    ),
  GOOGLE_TTS_URL: httpUrl()
    .default('https://texttospeech.googleapis.com')
    .describe("Google Cloud Text-to-Speech's base address (the `/v1/…` paths are appended)"),
};

export function googleTtsConfig(e: EnvOf<typeof googleTtsEnv>) {
  return { apiKey: e.GOOGLE_TTS_API_KEY, url: e.GOOGLE_TTS_URL };
}
