import {
  type FakeAnswer,
  type FakeTtsVendor,
  fakeSpeechMp3,
  headerOf,
  type RecordedTtsRequest,
  startFakeVendor,
  VendorRefusal,
} from './fake-vendor';

const VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer', 'verse'];
/** Voices tts-1 and tts-1-hd lack. */
const NEWER_VOICES = ['ballad', 'verse'];
const MODELS = ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts'];
const FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'];
const MAX_INPUT = 4096;
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  429: 'requests',
  500: 'server_error',
};

/**
 * OpenAI's `POST /v1/audio/speech` on 127.0.0.1, with `Authorization: Bearer <key>`. The body is
 * checked as OpenAI does (model, input up to 4096 characters, a voice the model has,
 * response_format, speed 0.25–4) and errors are `{ error: { message, type, param, code } }`.
 * Only mp3 is synthesised.
 */
export function startFakeOpenAiSpeech(
  options: { apiKey: string } = { apiKey: 'sk-openai-test-key' },
): Promise<FakeTtsVendor> {
  async function handle(request: RecordedTtsRequest): Promise<FakeAnswer> {
    const authorization = headerOf(request, 'authorization');
    if (!authorization.startsWith('Bearer ')) {
      throw new VendorRefusal(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      );
    }
    const key = authorization.slice('Bearer '.length);
    if (key !== options.apiKey) {
      throw new VendorRefusal(
        401,
        `Incorrect API key provided: ${key.slice(0, 3)}***${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        'invalid_api_key',
      );
    }
    if (request.method === 'POST' && request.path === '/v1/audio/speech') return speech(request);
    throw new VendorRefusal(404, `Invalid URL (${request.method} ${request.path})`);
  }

  async function speech(request: RecordedTtsRequest): Promise<FakeAnswer> {
    const body = request.json as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') throw invalid('We could not parse the JSON body of your request.', null);
    for (const field of ['model', 'input', 'voice']) {
      if (body[field] === undefined) throw invalid(`Missing required parameter: '${field}'.`, field);
    }
    const { model, input, voice } = body;
    if (!MODELS.includes(String(model))) throw invalid(`Invalid model '${String(model)}'.`, 'model');
    if (typeof input !== 'string' || input === '')
      throw invalid("Invalid value for 'input': expected a non-empty string.", 'input');
    if ([...input].length > MAX_INPUT) {
      throw invalid(`'${input.slice(0, 20)}…' is too long - 'input' can be at most ${MAX_INPUT} characters.`, 'input');
    }
    const voices = String(model).startsWith('tts-1') ? VOICES.filter((v) => !NEWER_VOICES.includes(v)) : VOICES;
    if (!voices.includes(String(voice))) {
      throw invalid(
        `Invalid value: '${String(voice)}'. Supported values are: ${voices.map((v) => `'${v}'`).join(', ')}.`,
        'voice',
      );
    }
    const format = body.response_format ?? 'mp3';
    if (!FORMATS.includes(String(format))) throw invalid(`Invalid value: '${String(format)}'.`, 'response_format');
    if (format !== 'mp3') throw invalid(`The fake speaks mp3 only, not ${String(format)}.`, 'response_format');
    const speed = body.speed;
    if (speed !== undefined && (typeof speed !== 'number' || speed < 0.25 || speed > 4)) {
      throw invalid(`Invalid 'speed': expected a number between 0.25 and 4.`, 'speed');
    }
    return { status: 200, headers: { 'Content-Type': 'audio/mpeg' }, body: await fakeSpeechMp3(input) };
  }

  return startFakeVendor({
    handle,
    errorAnswer: ({ status, message, code, extra }) => {
      const param = extra.param ?? null;
      return {
        status,
        body: {
          error: {
            message,
            type: code === 'insufficient_quota' ? 'insufficient_quota' : (ERROR_TYPES[status] ?? 'server_error'),
            param,
            code: code ?? null,
          },
        },
      };
    },
  });
}

/** A 400 naming the parameter at fault, as OpenAI's `param`. */
function invalid(message: string, param: string | null): VendorRefusal {
  return new VendorRefusal(400, message, undefined, { param });
}
