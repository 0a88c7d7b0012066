/** Azure AI Speech's slice of the configuration (config-slice.ts); no key, no vendor. */
import { z } from 'zod';
import { type EnvOf, httpUrl } from '../../../config-slice';

export const azureSpeechEnv = {
  AZURE_SPEECH_KEY: z.string().min(1).optional().describe('Azure AI Speech: the resource key'),
  AZURE_SPEECH_REGION: z
    .string()
    .min(1)
    .optional()
    .describe("Azure AI Speech: the resource's region, e.g. `westeurope`"),
  AZURE_SPEECH_URL: httpUrl()
    .optional()
    .describe("Azure AI Speech's base address")
    .meta({ defaultText: '`https://$AZURE_SPEECH_REGION.tts.speech.microsoft.com`' }),
};

export function azureSpeechConfig(e: EnvOf<typeof azureSpeechEnv>) {
  return { key: e.AZURE_SPEECH_KEY, region: e.AZURE_SPEECH_REGION, url: e.AZURE_SPEECH_URL };
}
