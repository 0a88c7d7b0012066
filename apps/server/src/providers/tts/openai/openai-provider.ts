/**
 * OpenAI speech over its REST API, with `Authorization: Bearer <key>`:
 * `POST /v1/audio/speech` with `response_format: 'mp3'`.
 * https://platform.openai.com/docs/api-reference/audio/createSpeech
 *
 * OpenAI has no voice-list endpoint; its built-in voices are listed here from the docs. Each
 * speaks whatever language the text is in, so they carry the language code 'mul' (BCP 47 for
 * "multiple languages"); the voice picker shows them for every language.
 */
import { ProviderError } from '../../http/provider-error';
import { readBytes, tryJson, type VendorErrorDetail, vendorFetch } from '../../http/vendor-fetch';
import type { SynthesisOptions, TtsProvider, Voice } from '../types';
import { clamp, DEFAULT_TIMEOUTS, languageNameOf, measureMp3, trimBase, type VendorTimeouts } from '../vendor-http';

export type OpenAiTtsConfig = {
  /** OPENAI_API_KEY; without it the provider is not offered. */
  apiKey: string | undefined;
  /** OPENAI_URL, default https://api.openai.com (tests: the fake); `/v1/audio/speech` is appended. */
  url: string;
  /** OPENAI_TTS_MODEL, default gpt-4o-mini-tts (or tts-1, tts-1-hd). */
  model: string;
};

const PROVIDER = 'openai';

/** The built-in voices (platform.openai.com/docs/guides/text-to-speech#voice-options). */
export const OPENAI_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'onyx',
  'nova',
  'sage',
  'shimmer',
  'verse',
] as const;
/** tts-1 and tts-1-hd lack these two (they are gpt-4o-mini-tts voices). */
const NEWER_VOICES = new Set<string>(['ballad', 'verse']);

export function createOpenAiProvider(
  config: OpenAiTtsConfig,
  timeouts: VendorTimeouts = DEFAULT_TIMEOUTS,
): TtsProvider | null {
  const { apiKey, model } = config;
  if (!apiKey) return null;
  const base = trimBase(config.url);
  const legacyModel = model.startsWith('tts-1');
  const voiceList: Voice[] = OPENAI_VOICES.filter((name) => !(legacyModel && NEWER_VOICES.has(name))).map((name) => ({
    id: `${PROVIDER}:${name}`,
    label: `${name[0]?.toUpperCase()}${name.slice(1)} (OpenAI, multilingual)`,
    name,
    languageCode: 'mul',
    languageName: languageNameOf('mul'),
    engine: 'paid_tts',
    provider: PROVIDER,
  }));

  return {
    name: PROVIDER,
    engine: 'paid_tts',
    voices: async () => voiceList,
    async synthesize(text: string, voice: Voice, options: SynthesisOptions = {}) {
      if (!voice.id.startsWith(`${PROVIDER}:`)) {
        throw new ProviderError(PROVIDER, 'bad_request', `${voice.id} is not an OpenAI voice`);
      }
      const rate = options.rate ?? 1;
      const response = await vendorFetch(
        `${base}/v1/audio/speech`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            model,
            input: text,
            voice: voice.name,
            response_format: 'mp3',
            // OpenAI takes 0.25–4; it has no pitch control.
            ...(rate === 1 ? {} : { speed: clamp(rate, 0.25, 4) }),
          }),
        },
        { provider: PROVIDER, timeoutMs: timeouts.synthesizeMs, readError },
      );
      const mp3 = await readBytes(response);
      return { mp3, duration: await measureMp3(PROVIDER, mp3) };
    },
  };
}

/** OpenAI errors: `{ error: { message, type, param, code } }`; insufficient_quota is a 429 too. */
function readError(body: string): VendorErrorDetail {
  const error = (tryJson(body) as { error?: { message?: string; code?: string | null } } | undefined)?.error;
  return { message: error?.message ?? '', kind: error?.code === 'insufficient_quota' ? 'quota' : undefined };
}
