/**
 * Google Cloud Text-to-Speech over its REST API (v1) with an API key in `X-Goog-Api-Key`:
 * `GET /v1/voices` and `POST /v1/text:synthesize` with `audioEncoding: 'MP3'`.
 * https://cloud.google.com/text-to-speech/docs/reference/rest/v1/text/synthesize
 *
 * Voice ids are Google's own names ('en-US-Wavenet-C', the spec's default voice).
 */
import { ProviderError } from '../../http/provider-error';
import { readJson, tryJson, type VendorErrorDetail, vendorFetch } from '../../http/vendor-fetch';
import type { SynthesisOptions, TtsProvider, Voice } from '../types';
import {
  clamp,
  DEFAULT_TIMEOUTS,
  genderOf,
  measureMp3,
  once,
  trimBase,
  type VendorTimeouts,
  vendorVoice,
} from '../vendor-http';

export type GoogleTtsConfig = {
  /** GOOGLE_TTS_API_KEY; without it the provider is not offered. */
  apiKey: string | undefined;
  /** GOOGLE_TTS_URL, default https://texttospeech.googleapis.com (tests: the fake). */
  url: string;
};

const PROVIDER = 'google';

type GoogleVoice = { languageCodes?: string[]; name?: string; ssmlGender?: string; naturalSampleRateHertz?: number };

export function createGoogleProvider(
  config: GoogleTtsConfig,
  timeouts: VendorTimeouts = DEFAULT_TIMEOUTS,
): TtsProvider | null {
  const { apiKey } = config;
  if (!apiKey) return null;
  const base = trimBase(config.url);
  const headers = { 'X-Goog-Api-Key': apiKey };

  const voices = once(async () => {
    const response = await vendorFetch(
      `${base}/v1/voices`,
      { headers },
      { provider: PROVIDER, timeoutMs: timeouts.voicesMs, readError: readGoogleError },
    );
    const body = await readJson<{ voices?: GoogleVoice[] }>(response);
    return (body.voices ?? []).flatMap((voice): Voice[] => {
      const languageCode = voice.languageCodes?.[0];
      if (!voice.name || !languageCode) return [];
      const gender = genderOf(voice.ssmlGender);
      return [
        vendorVoice(PROVIDER, {
          id: voice.name,
          name: voice.name,
          shownName: displayName(voice.name, languageCode),
          languageCode,
          gender,
        }),
      ];
    });
  });

  return {
    name: PROVIDER,
    engine: 'paid_tts',
    voices,
    async synthesize(text: string, voice: Voice, options: SynthesisOptions = {}) {
      if (voice.provider !== PROVIDER) {
        throw new ProviderError(PROVIDER, 'bad_request', `${voice.id} is not a Google voice`);
      }
      const response = await vendorFetch(
        `${base}/v1/text:synthesize`,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify({
            input: { text },
            voice: { languageCode: voice.languageCode, name: voice.name },
            audioConfig: {
              audioEncoding: 'MP3',
              // Google accepts 0.25–4 and ±20 semitones.
              speakingRate: clamp(options.rate ?? 1, 0.25, 4),
              pitch: clamp(options.pitch ?? 0, -20, 20),
            },
          }),
        },
        { provider: PROVIDER, timeoutMs: timeouts.synthesizeMs, readError: readGoogleError },
      );
      const body = await readJson<{ audioContent?: string }>(response);
      if (!body.audioContent) throw new ProviderError(PROVIDER, 'bad_answer', 'google answered without audioContent');
      const mp3 = Buffer.from(body.audioContent, 'base64');
      return { mp3, duration: await measureMp3(PROVIDER, mp3) };
    },
  };
}

/** 'en-US-Wavenet-C' → 'Wavenet C'. */
function displayName(name: string, languageCode: string): string {
  const rest = name.startsWith(`${languageCode}-`) ? name.slice(languageCode.length + 1) : name;
  return rest.replace(/-/g, ' ');
}

/**
 * Google's error body: `{ error: { code, message, status, details: [{ reason }] } }`. A wrong API
 * key is a 400 with reason API_KEY_INVALID, which is an auth failure, not a bad request.
 * RESOURCE_EXHAUSTED (a 429) is read from its status like any other vendor's (D64).
 */
function readGoogleError(body: string): VendorErrorDetail {
  const error = (tryJson(body) as { error?: { message?: string; status?: string; details?: { reason?: string }[] } })
    ?.error;
  const reasons = (error?.details ?? []).map((detail) => detail.reason);
  const kind = reasons.includes('API_KEY_INVALID') || error?.status === 'UNAUTHENTICATED' ? 'auth' : undefined;
  return { message: error?.message ?? '', kind };
}
