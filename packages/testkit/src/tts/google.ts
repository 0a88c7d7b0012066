import {
  type FakeAnswer,
  type FakeTtsVendor,
  fakeSpeechMp3,
  headerOf,
  type RecordedTtsRequest,
  startFakeVendor,
  VendorRefusal,
} from './fake-vendor';

/** A voice as Google's `GET /v1/voices` lists it. */
export type FakeGoogleVoice = {
  languageCodes: string[];
  name: string;
  ssmlGender: 'MALE' | 'FEMALE' | 'NEUTRAL' | 'SSML_VOICE_GENDER_UNSPECIFIED';
  naturalSampleRateHertz: number;
};

export const FAKE_GOOGLE_VOICES: FakeGoogleVoice[] = [
  { languageCodes: ['en-US'], name: 'en-US-Wavenet-C', ssmlGender: 'FEMALE', naturalSampleRateHertz: 24000 },
  { languageCodes: ['en-GB'], name: 'en-GB-Neural2-B', ssmlGender: 'MALE', naturalSampleRateHertz: 24000 },
  { languageCodes: ['de-DE'], name: 'de-DE-Standard-A', ssmlGender: 'FEMALE', naturalSampleRateHertz: 24000 },
];

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const ENCODINGS = ['LINEAR16', 'MP3', 'OGG_OPUS', 'MULAW', 'ALAW', 'PCM', 'M4A'];
const MAX_INPUT_BYTES = 5000;

/**
 * Google Cloud Text-to-Speech (REST v1) on 127.0.0.1: `GET /v1/voices[?languageCode=]` and
 * `POST /v1/text:synthesize`. The API key comes in `X-Goog-Api-Key` or `?key=`; a missing key is
 * a 403 and a wrong one a 400 with reason API_KEY_INVALID, as Google answers. Bodies are checked
 * as Google does (input, voice.languageCode, a known voice name, audioEncoding, speakingRate
 * 0.25–4, pitch ±20, 5000 bytes of input) and errors have Google's shape
 * `{ error: { code, message, status, details } }`. Only MP3 is synthesised.
 */
export function startFakeGoogleTts(
  options: { apiKey: string; voices?: FakeGoogleVoice[] } = { apiKey: 'google-test-key' },
): Promise<FakeTtsVendor> {
  const voices = options.voices ?? FAKE_GOOGLE_VOICES;

  async function handle(request: RecordedTtsRequest): Promise<FakeAnswer> {
    const key = headerOf(request, 'x-goog-api-key') || request.query.get('key') || '';
    if (!key) {
      throw new VendorRefusal(
        403,
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      );
    }
    if (key !== options.apiKey) {
      throw new VendorRefusal(400, 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID');
    }
    if (request.method === 'GET' && request.path === '/v1/voices') {
      const languageCode = request.query.get('languageCode');
      const listed = languageCode
        ? voices.filter((voice) => voice.languageCodes.some((code) => code.startsWith(languageCode)))
        : voices;
      return { status: 200, body: { voices: listed } };
    }
    if (request.method === 'POST' && request.path === '/v1/text:synthesize') return synthesize(request);
    throw new VendorRefusal(404, `The requested URL ${request.path} was not found on this server.`);
  }

  async function synthesize(request: RecordedTtsRequest): Promise<FakeAnswer> {
    const body = request.json as
      | {
          input?: { text?: unknown; ssml?: unknown };
          voice?: { languageCode?: unknown; name?: unknown };
          audioConfig?: { audioEncoding?: unknown; speakingRate?: unknown; pitch?: unknown };
        }
      | undefined;
    if (!body || typeof body !== 'object') throw new VendorRefusal(400, 'Invalid JSON payload received.');
    const text = body.input?.text;
    if (typeof text !== 'string' || text === '') {
      throw new VendorRefusal(400, 'Either `input.text` or `input.ssml` needs to be set.');
    }
    if (Buffer.byteLength(text) > MAX_INPUT_BYTES) {
      throw new VendorRefusal(
        400,
        `Either input.text or input.ssml is longer than the limit of ${MAX_INPUT_BYTES} bytes.`,
      );
    }
    const languageCode = body.voice?.languageCode;
    if (typeof languageCode !== 'string' || languageCode === '') {
      throw new VendorRefusal(400, "Invalid value at 'voice.language_code': Language code is required.");
    }
    const name = body.voice?.name;
    if (name !== undefined) {
      const voice = voices.find((v) => v.name === name);
      if (!voice) throw new VendorRefusal(400, `Voice '${String(name)}' does not exist. Is it misspelled?`);
      if (!voice.languageCodes.includes(languageCode)) {
        throw new VendorRefusal(
          400,
          `Requested language code '${languageCode}' doesn't match the voice '${voice.name}'.`,
        );
      }
    }
    const config = body.audioConfig;
    if (!config || !ENCODINGS.includes(String(config.audioEncoding))) {
      throw new VendorRefusal(400, "Invalid value at 'audio_config.audio_encoding'.");
    }
    if (config.audioEncoding !== 'MP3') {
      throw new VendorRefusal(400, `The fake speaks MP3 only, not ${String(config.audioEncoding)}.`);
    }
    checkRange(config.speakingRate, 0.25, 4, 'audio_config.speaking_rate');
    checkRange(config.pitch, -20, 20, 'audio_config.pitch');
    const mp3 = await fakeSpeechMp3(text);
    return { status: 200, body: { audioContent: mp3.toString('base64') } };
  }

  return startFakeVendor({
    handle,
    errorAnswer: ({ status, message, code }) => ({
      status,
      body: {
        error: {
          code: status,
          message,
          status: STATUS_NAMES[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION'),
          ...(code
            ? {
                details: [
                  { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: code, domain: 'googleapis.com' },
                ],
              }
            : {}),
        },
      },
    }),
  });
}

function checkRange(value: unknown, min: number, max: number, field: string) {
  if (value === undefined) return;
  if (typeof value !== 'number' || value < min || value > max) {
    throw new VendorRefusal(400, `Invalid value at '${field}': must be between ${min} and ${max}.`);
  }
}
