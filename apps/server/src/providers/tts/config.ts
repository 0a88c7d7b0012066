/**
 * The paid text-to-speech vendors' slices of the configuration, one per adapter folder
 * (config-slice.ts); a vendor whose key is not set is not offered.
 */
import { type EnvOf, mergeShapes } from '../../config-slice';
import { azureSpeechConfig, azureSpeechEnv } from './azure/config';
import { elevenLabsConfig, elevenLabsEnv } from './elevenlabs/config';
import { googleTtsConfig, googleTtsEnv } from './google/config';
import { openAiConfig, openAiEnv } from './openai/config';
import { pollyConfig, pollyEnv } from './polly/config';

export const ttsEnv = mergeShapes(googleTtsEnv, pollyEnv, azureSpeechEnv, elevenLabsEnv, openAiEnv);

export function ttsVendorsConfig(e: EnvOf<typeof ttsEnv>) {
  return {
    google: googleTtsConfig(e),
    polly: pollyConfig(e),
    azure: azureSpeechConfig(e),
    elevenlabs: elevenLabsConfig(e),
    openai: openAiConfig(e),
  };
}
