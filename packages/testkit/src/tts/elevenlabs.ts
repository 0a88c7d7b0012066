import {
  FAKE_SECONDS_PER_CHARACTER,
  type FakeAnswer,
  type FakeTtsVendor,
  fakeSpeechMp3,
  headerOf,
  type RecordedTtsRequest,
  startFakeVendor,
  VendorRefusal,
} from './fake-vendor';

/** A voice as ElevenLabs' `GET /v1/voices` lists it (the fields the adapters read, and a few more). */
export type FakeElevenLabsVoice = {
  voice_id: string;
  name: string;
  category: 'premade' | 'cloned' | 'generated' | 'professional';
  labels: Record<string, string>;
  preview_url: string;
};

export const FAKE_ELEVENLABS_VOICES: FakeElevenLabsVoice[] = [
  {
    voice_id: '21m00Tcm4TlvDq8ikWAM',
    name: 'Rachel',
    category: 'premade',
    labels: { accent: 'american', description: 'calm', age: 'young', gender: 'female', use_case: 'narration' },
    preview_url: 'https://example.invalid/rachel.mp3',
  },
  {
    voice_id: 'pNInz6obpgDQGcFmaJgB',
    name: 'Adam',
    category: 'premade',
    labels: { accent: 'american', description: 'deep', age: 'middle aged', gender: 'male', use_case: 'narration' },
    preview_url: 'https://example.invalid/adam.mp3',
  },
];

const MODELS = [
  'eleven_multilingual_v2',
  'eleven_turbo_v2_5',
  'eleven_flash_v2_5',
  'eleven_v3',
  'eleven_turbo_v2',
  'eleven_flash_v2',
  'eleven_monolingual_v1',
];
const ERROR_STATUSES: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_api_key',
  404: 'not_found',
  429: 'too_many_concurrent_requests',
  500: 'internal_server_error',
};

/**
 * ElevenLabs' REST API on 127.0.0.1: `GET /v1/voices`, `POST /v1/text-to-speech/{voice_id}`
 * (audio/mpeg) and `POST /v1/text-to-speech/{voice_id}/with-timestamps` (`{ audio_base64,
 * alignment, normalized_alignment }`, one entry a character). The key comes in `xi-api-key`.
 * Errors are `{ detail: { status, message } }`, and a body FastAPI cannot validate is a 422
 * `{ detail: [{ type, loc, msg }] }`. `output_format` must be an mp3_* format.
 */
export function startFakeElevenLabs(
  options: { apiKey: string; voices?: FakeElevenLabsVoice[] } = { apiKey: 'elevenlabs-test-key' },
): Promise<FakeTtsVendor> {
  const voices = options.voices ?? FAKE_ELEVENLABS_VOICES;

  async function handle(request: RecordedTtsRequest): Promise<FakeAnswer> {
    const key = headerOf(request, 'xi-api-key');
    if (!key) {
      throw new VendorRefusal(
        401,
        'Neither authorization header nor xi-api-key received, please provide one.',
        'needs_authorization',
      );
    }
    if (key !== options.apiKey) throw new VendorRefusal(401, 'Invalid API key', 'invalid_api_key');
    if (request.method === 'GET' && request.path === '/v1/voices') return { status: 200, body: { voices } };
    const match = /^\/v1\/text-to-speech\/([^/]+)(\/with-timestamps)?$/.exec(request.path);
    if (request.method === 'POST' && match) return synthesize(request, decodeURIComponent(match[1] ?? ''), !!match[2]);
    throw new VendorRefusal(404, 'Not Found', 'not_found');
  }

  async function synthesize(
    request: RecordedTtsRequest,
    voiceId: string,
    withTimestamps: boolean,
  ): Promise<FakeAnswer> {
    const body = request.json as
      | { text?: unknown; model_id?: unknown; voice_settings?: { speed?: unknown } }
      | undefined;
    if (!body || typeof body !== 'object')
      return unprocessable(['body'], 'Input should be a valid dictionary', 'dict_type');
    if (body.text === undefined) return unprocessable(['body', 'text'], 'Field required', 'missing');
    if (typeof body.text !== 'string')
      return unprocessable(['body', 'text'], 'Input should be a valid string', 'string_type');
    const speed = body.voice_settings?.speed;
    if (speed !== undefined && (typeof speed !== 'number' || speed < 0.7 || speed > 1.2)) {
      throw new VendorRefusal(400, 'voice_settings.speed must be between 0.7 and 1.2', 'invalid_voice_settings');
    }
    if (body.model_id !== undefined && !MODELS.includes(String(body.model_id))) {
      throw new VendorRefusal(400, `A model with model ID ${String(body.model_id)} does not exist`, 'model_not_found');
    }
    const format = request.query.get('output_format') ?? 'mp3_44100_128';
    if (!/^mp3_\d+_\d+$/.test(format))
      throw new VendorRefusal(400, `The fake makes mp3 only, not ${format}`, 'invalid_output_format');
    if (!voices.some((voice) => voice.voice_id === voiceId)) {
      throw new VendorRefusal(404, `A voice with the voice_id ${voiceId} was not found.`, 'voice_not_found');
    }
    if (body.text.trim() === '') throw new VendorRefusal(400, 'Text must not be empty', 'empty_text');
    const mp3 = await fakeSpeechMp3(body.text);
    if (!withTimestamps) return { status: 200, headers: { 'Content-Type': 'audio/mpeg' }, body: mp3 };
    const characters = [...body.text];
    const at = (index: number) => Math.round(index * FAKE_SECONDS_PER_CHARACTER * 1000) / 1000;
    const alignment = {
      characters,
      character_start_times_seconds: characters.map((_, index) => at(index)),
      character_end_times_seconds: characters.map((_, index) => at(index + 1)),
    };
    return {
      status: 200,
      body: { audio_base64: mp3.toString('base64'), alignment, normalized_alignment: alignment },
    };
  }

  return startFakeVendor({
    handle,
    errorAnswer: ({ status, message, code }) => ({
      status,
      body: { detail: { status: code ?? ERROR_STATUSES[status] ?? 'error', message } },
    }),
  });
}

function unprocessable(loc: string[], msg: string, type: string): FakeAnswer {
  return { status: 422, body: { detail: [{ type, loc, msg, input: null }] } };
}
