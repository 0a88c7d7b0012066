/**
 * ElevenLabs over its REST API, with the key in `xi-api-key`: `GET /v1/voices` and
 * `POST /v1/text-to-speech/{voice_id}/with-timestamps` (MP3 as base64 plus character timings,
 * grouped here into words) — or, with `timestamps: false`, the plain `POST
 * /v1/text-to-speech/{voice_id}` answering `audio/mpeg`.
 * https://elevenlabs.io/docs/api-reference/text-to-speech/convert-with-timestamps
 *
 * Voice ids are 'elevenlabs:' + ElevenLabs' voice_id. The multilingual models speak any of their
 * languages with every voice, so those voices carry the language code 'mul'.
 */
import { ProviderError } from '../../http/provider-error';
import { readBytes, readJson, tryJson, type VendorErrorDetail, vendorFetch } from '../../http/vendor-fetch';
import type { SynthesisOptions, TtsProvider, Voice, WordTiming } from '../types';
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

export type ElevenLabsTtsConfig = {
  /** ELEVENLABS_API_KEY; without it the provider is not offered. */
  apiKey: string | undefined;
  /** ELEVENLABS_URL, default https://api.elevenlabs.io (tests: the fake). */
  url: string;
  /** ELEVENLABS_MODEL, default eleven_multilingual_v2. */
  model: string;
  /** Use the with-timestamps endpoint to get word timings; on by default. */
  timestamps?: boolean;
};

const PROVIDER = 'elevenlabs';
export const ELEVENLABS_OUTPUT_FORMAT = 'mp3_44100_128';
/** Models that speak English only (the rest are multilingual). */
const ENGLISH_ONLY_MODELS = new Set(['eleven_monolingual_v1', 'eleven_turbo_v2', 'eleven_flash_v2']);

type ElevenVoice = { voice_id?: string; name?: string; labels?: Record<string, string | undefined> };
type Alignment = {
  characters?: string[];
  character_start_times_seconds?: number[];
  character_end_times_seconds?: number[];
};

export function createElevenLabsProvider(
  config: ElevenLabsTtsConfig,
  timeouts: VendorTimeouts = DEFAULT_TIMEOUTS,
): TtsProvider | null {
  const { apiKey, model } = config;
  if (!apiKey) return null;
  const base = trimBase(config.url);
  const headers = { 'xi-api-key': apiKey };
  const languageCode = ENGLISH_ONLY_MODELS.has(model) ? 'en' : 'mul';

  const voices = once(async () => {
    const response = await vendorFetch(
      `${base}/v1/voices`,
      { headers },
      { provider: PROVIDER, timeoutMs: timeouts.voicesMs, readError },
    );
    const body = await readJson<{ voices?: ElevenVoice[] }>(response);
    return (body.voices ?? []).flatMap((voice): Voice[] => {
      if (!voice.voice_id || !voice.name) return [];
      const gender = genderOf(voice.labels?.gender);
      return [vendorVoice(PROVIDER, { id: `${PROVIDER}:${voice.voice_id}`, name: voice.name, languageCode, gender })];
    });
  });

  return {
    name: PROVIDER,
    engine: 'paid_tts',
    voices,
    async synthesize(text: string, voice: Voice, options: SynthesisOptions = {}) {
      const voiceId = voice.id.startsWith(`${PROVIDER}:`) ? voice.id.slice(PROVIDER.length + 1) : '';
      if (!voiceId) throw new ProviderError(PROVIDER, 'bad_request', `${voice.id} is not an ElevenLabs voice`);
      const rate = options.rate ?? 1;
      const body = {
        text,
        model_id: model,
        // ElevenLabs speaks 0.7–1.2 times the voice's pace; it has no pitch control.
        ...(rate === 1 ? {} : { voice_settings: { speed: clamp(rate, 0.7, 1.2) } }),
      };
      const withTimestamps = config.timestamps !== false;
      const path = `/v1/text-to-speech/${encodeURIComponent(voiceId)}${withTimestamps ? '/with-timestamps' : ''}`;
      const response = await vendorFetch(
        `${base}${path}?output_format=${ELEVENLABS_OUTPUT_FORMAT}`,
        {
          method: 'POST',
          headers: {
            ...headers,
            'Content-Type': 'application/json',
            Accept: withTimestamps ? 'application/json' : 'audio/mpeg',
          },
          body: JSON.stringify(body),
        },
        { provider: PROVIDER, timeoutMs: timeouts.synthesizeMs, readError },
      );
      if (!withTimestamps) {
        const mp3 = await readBytes(response);
        return { mp3, duration: await measureMp3(PROVIDER, mp3) };
      }
      const answer = await readJson<{ audio_base64?: string; alignment?: Alignment | null }>(response);
      if (!answer.audio_base64) {
        throw new ProviderError(PROVIDER, 'bad_answer', 'elevenlabs answered without audio_base64');
      }
      const mp3 = Buffer.from(answer.audio_base64, 'base64');
      const duration = await measureMp3(PROVIDER, mp3);
      const words = answer.alignment ? wordsOfAlignment(answer.alignment) : undefined;
      return words ? { mp3, duration, words } : { mp3, duration };
    },
  };
}

/** Character timings → words: runs of non-space characters, from the first's start to the last's end. */
export function wordsOfAlignment(alignment: Alignment): WordTiming[] {
  const characters = alignment.characters ?? [];
  const starts = alignment.character_start_times_seconds ?? [];
  const ends = alignment.character_end_times_seconds ?? [];
  const words: WordTiming[] = [];
  let current: WordTiming | undefined;
  characters.forEach((character, index) => {
    if (/^\s*$/.test(character)) {
      current = undefined;
      return;
    }
    const start = starts[index] ?? 0;
    const end = ends[index] ?? start;
    if (current) {
      current.text += character;
      current.end = end;
    } else {
      current = { text: character, start, end };
      words.push(current);
    }
  });
  return words;
}

/**
 * ElevenLabs errors: `{ detail: { status, message } }`, or FastAPI's `{ detail: [{ loc, msg }] }`
 * for a 422. Running out of characters is a 401 with status quota_exceeded; a busy system a 429.
 */
function readError(body: string): VendorErrorDetail {
  const detail = (tryJson(body) as { detail?: unknown } | undefined)?.detail;
  if (Array.isArray(detail)) {
    const message = detail
      .map((item: { loc?: unknown[]; msg?: string }) => [item.loc?.join('.'), item.msg].filter(Boolean).join(': '))
      .join('; ');
    return { message };
  }
  if (typeof detail === 'string') return { message: detail };
  const { status, message } = (detail ?? {}) as { status?: string; message?: string };
  const kind = status === 'quota_exceeded' ? 'quota' : status === 'system_busy' ? 'unavailable' : undefined;
  return { message: message ?? status ?? '', kind };
}
