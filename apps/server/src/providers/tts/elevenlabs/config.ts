/** ElevenLabs' slice of the configuration (config-slice.ts); no key, no vendor. */
import { z } from 'zod';
import { type EnvOf, httpUrl } from '../../../config-slice';

export const elevenLabsEnv = {
  ELEVENLABS_API_KEY: z.string().min(1).optional().describe('ElevenLabs: the API key'),
  ELEVENLABS_URL: httpUrl().default('https://api.elevenlabs.io').describe("ElevenLabs' base address"),
  ELEVENLABS_MODEL: z
    .string()
    .min(1)
    .default('eleven_multilingual_v2')
    .describe('the ElevenLabs model; its voices are listed as multilingual (language `mul`)'),
};

export function elevenLabsConfig(e: EnvOf<typeof elevenLabsEnv>) {
  return { apiKey: e.ELEVENLABS_API_KEY, url: e.ELEVENLABS_URL, model: e.ELEVENLABS_MODEL };
}
