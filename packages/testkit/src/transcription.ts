import {
  type FakeAnswer,
  type FakeTtsVendor,
  headerOf,
  type RecordedTtsRequest,
  startFakeVendor,
  VendorRefusal,
} from './tts/fake-vendor';

/**
 * OpenAI's `POST /v1/audio/transcriptions` on 127.0.0.1, with `Authorization: Bearer <key>`. The
 * multipart body is checked as OpenAI does (a file, a known model, response_format,
 * `timestamp_granularities[]` only with verbose_json and only for whisper-1) and errors are
 * `{ error: { message, type, param, code } }`. It hears nothing: it answers `transcript`, one
 * word every `secondsPerWord`, as verbose_json with word timestamps (or plain json / text).
 */
export type FakeOpenAiTranscriptionOptions = {
  apiKey?: string;
  /** The words it "hears". */
  transcript?: string;
  secondsPerWord?: number;
};

const MODELS = ['whisper-1', 'gpt-4o-transcribe', 'gpt-4o-mini-transcribe'];
const FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt'];

export function startFakeOpenAiTranscription(options: FakeOpenAiTranscriptionOptions = {}): Promise<FakeTtsVendor> {
  const apiKey = options.apiKey ?? 'sk-openai-test-key';
  const transcript = options.transcript ?? 'Hello from the fake transcriber.';
  const step = options.secondsPerWord ?? 0.4;

  async function handle(request: RecordedTtsRequest): Promise<FakeAnswer> {
    const authorization = headerOf(request, 'authorization');
    if (authorization !== `Bearer ${apiKey}`) {
      throw new VendorRefusal(401, 'Incorrect API key provided.', 'invalid_api_key');
    }
    if (request.method !== 'POST' || request.path !== '/v1/audio/transcriptions') {
      throw new VendorRefusal(404, `Invalid URL (${request.method} ${request.path})`);
    }
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': headerOf(request, 'content-type') },
      body: new Uint8Array(request.body),
    })
      .formData()
      .catch(() => {
        throw invalid('Could not parse multipart form', null);
      });
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0) throw invalid("Missing required parameter: 'file'.", 'file');
    const model = String(form.get('model') ?? '');
    if (!model) throw invalid("Missing required parameter: 'model'.", 'model');
    if (!MODELS.includes(model)) throw invalid(`Invalid model '${model}'.`, 'model');
    const format = String(form.get('response_format') ?? 'json');
    if (!FORMATS.includes(format)) throw invalid(`Invalid value: '${format}'.`, 'response_format');
    const granularities = form.getAll('timestamp_granularities[]').map(String);
    if (granularities.length > 0 && format !== 'verbose_json') {
      throw invalid('timestamp_granularities requires response_format=verbose_json', 'timestamp_granularities');
    }
    if (granularities.length > 0 && model !== 'whisper-1') {
      throw invalid(`timestamp_granularities is not supported with model ${model}.`, 'timestamp_granularities');
    }
    const words = transcript.split(/\s+/).filter(Boolean);
    if (format === 'text') return { status: 200, headers: { 'Content-Type': 'text/plain' }, body: transcript };
    if (format !== 'verbose_json') return { status: 200, body: { text: transcript } };
    return {
      status: 200,
      body: {
        task: 'transcribe',
        language: 'english',
        duration: words.length * step,
        text: transcript,
        ...(granularities.includes('word') && {
          words: words.map((word, i) => ({
            word: word.replace(/[.,!?;:]+$/, ''),
            start: Number((i * step).toFixed(2)),
            end: Number(((i + 1) * step - 0.05).toFixed(2)),
          })),
        }),
      },
    };
  }

  return startFakeVendor({
    handle,
    errorAnswer: ({ status, message, code, extra }) => ({
      status,
      body: {
        error: {
          message,
          type: status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error',
          param: extra.param ?? null,
          code: code ?? null,
        },
      },
    }),
  });
}

function invalid(message: string, param: string | null): VendorRefusal {
  return new VendorRefusal(400, message, undefined, { param });
}
