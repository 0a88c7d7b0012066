import { randomUUID } from 'node:crypto';
import {
  type FakeAnswer,
  type FakeTtsVendor,
  headerOf,
  type RecordedTtsRequest,
  startFakeVendor,
  VendorRefusal,
} from './tts/fake-vendor';
import { verifyAwsSignature } from './tts/polly';

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

/** A transcript's words with the fakes' times: one word every `step` seconds, punctuation split off. */
function fakeWords(transcript: string, step: number) {
  return transcript
    .split(/\s+/)
    .filter(Boolean)
    .map((raw, i) => {
      const [, word = raw, punctuation = ''] = /^(.*?)([.,!?;:]*)$/.exec(raw) ?? [];
      return {
        word,
        punctuation,
        start: Number((i * step).toFixed(2)),
        end: Number(((i + 1) * step - 0.05).toFixed(2)),
      };
    });
}

export type FakeWhisperServerOptions = {
  /** The words it "hears". */
  transcript?: string;
  secondsPerWord?: number;
  /** Words per verbose_json segment; default 4. */
  wordsPerSegment?: number;
};

/**
 * A whisper.cpp server (`examples/server`) on 127.0.0.1: `POST /inference` with a multipart
 * `file` (else 400 `{ error }` as the server answers) and `response_format` json, text or
 * verbose_json. verbose_json is whisper.cpp's: segments with `words` that are Whisper tokens —
 * a word longer than five letters comes as two tokens, the second without its leading space, and
 * punctuation as a token of its own — with `start`/`end` in seconds and a `probability`.
 */
export function startFakeWhisperServer(options: FakeWhisperServerOptions = {}): Promise<FakeTtsVendor> {
  const transcript = options.transcript ?? 'Hello from the fake whisper server.';
  const step = options.secondsPerWord ?? 0.4;
  const perSegment = options.wordsPerSegment ?? 4;

  async function handle(request: RecordedTtsRequest): Promise<FakeAnswer> {
    if (request.method !== 'POST' || request.path !== '/inference') {
      throw new VendorRefusal(404, `File Not Found (${request.path})`);
    }
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': headerOf(request, 'content-type') },
      body: new Uint8Array(request.body),
    })
      .formData()
      .catch(() => {
        throw new VendorRefusal(400, 'Invalid request');
      });
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0) throw new VendorRefusal(400, "no 'file' field in the request");
    const format = String(form.get('response_format') ?? 'json');
    if (format === 'text') return { status: 200, headers: { 'Content-Type': 'text/plain' }, body: transcript };
    if (format !== 'verbose_json') return { status: 200, body: { text: transcript } };
    const words = fakeWords(transcript, step);
    const segments = [];
    for (let from = 0; from < words.length; from += perSegment) {
      const group = words.slice(from, from + perSegment);
      const tokens = group.flatMap(({ word, punctuation, start, end }) => {
        const cut = word.length > 5 ? Math.ceil(word.length / 2) : word.length;
        const middle = Number((start + ((end - start) * cut) / word.length).toFixed(2));
        return [
          { word: ` ${word.slice(0, cut)}`, start, end: cut < word.length ? middle : end, probability: 0.9 },
          ...(cut < word.length ? [{ word: word.slice(cut), start: middle, end, probability: 0.8 }] : []),
          ...(punctuation ? [{ word: punctuation, start: end, end, probability: 0.7 }] : []),
        ];
      });
      segments.push({
        id: segments.length,
        text: group.map((w) => ` ${w.word}${w.punctuation}`).join(''),
        start: group[0]?.start ?? 0,
        end: group.at(-1)?.end ?? 0,
        tokens: tokens.map((_, i) => 1000 + i),
        words: tokens,
        temperature: Number(form.get('temperature') ?? 0),
        avg_logprob: -0.2,
        no_speech_prob: 0.01,
      });
    }
    return {
      status: 200,
      body: { task: 'transcribe', language: 'english', duration: words.length * step, text: transcript, segments },
    };
  }

  return startFakeVendor({ handle, errorAnswer: ({ status, message }) => ({ status, body: { error: message } }) });
}

export type FakeAwsTranscribeOptions = {
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The region requests must be signed for; default us-east-1. */
  region?: string;
  transcript?: string;
  secondsPerWord?: number;
  /** GetTranscriptionJob answers IN_PROGRESS this many times before COMPLETED; default 1. */
  pendingPolls?: number;
};

export type FakeAwsTranscribe = FakeTtsVendor & {
  /** The jobs started, by name, with the media URI asked for. */
  jobs: Map<string, { mediaFileUri: string; polls: number; failureReason?: string }>;
  /** The next job started ends FAILED with this reason. */
  failNextJob(reason: string): void;
};

/**
 * Amazon Transcribe's JSON 1.1 API on 127.0.0.1: `POST /` with `X-Amz-Target:
 * Transcribe.StartTranscriptionJob` / `Transcribe.GetTranscriptionJob`, a JSON 1.1 content type
 * and a Signature V4 for service `transcribe` (verified as the Polly fake does). A job is
 * IN_PROGRESS for `pendingPolls` polls, then COMPLETED with a TranscriptFileUri on this same
 * server (`GET /transcripts/<job>.json`, unsigned like S3's presigned URLs) whose
 * `results.items` are AWS's: pronunciations with string times, punctuation items without.
 * Errors are JSON 1.1: `{ __type, Message }`.
 */
export async function startFakeAwsTranscribe(options: FakeAwsTranscribeOptions = {}): Promise<FakeAwsTranscribe> {
  const credentials = {
    accessKeyId: options.accessKeyId ?? 'AKIDTRANSCRIBETEST',
    secretAccessKey: options.secretAccessKey ?? 'transcribe-secret',
    region: options.region ?? 'us-east-1',
    service: 'transcribe',
  };
  const transcript = options.transcript ?? 'Hello from the fake transcribe.';
  const step = options.secondsPerWord ?? 0.4;
  const pendingPolls = options.pendingPolls ?? 1;
  const jobs: FakeAwsTranscribe['jobs'] = new Map();
  const jobFailures: string[] = [];
  let base = '';

  function describe(name: string) {
    const job = jobs.get(name);
    if (!job) throw new VendorRefusal(400, "The requested job couldn't be found.", 'NotFoundException');
    const done = job.polls > pendingPolls;
    const status = !done ? 'IN_PROGRESS' : job.failureReason ? 'FAILED' : 'COMPLETED';
    return {
      TranscriptionJob: {
        TranscriptionJobName: name,
        TranscriptionJobStatus: status,
        MediaFormat: 'mp3',
        Media: { MediaFileUri: job.mediaFileUri },
        ...(status === 'COMPLETED' && { Transcript: { TranscriptFileUri: `${base}/transcripts/${name}.json` } }),
        ...(status === 'FAILED' && { FailureReason: job.failureReason }),
      },
    };
  }

  function handle(request: RecordedTtsRequest): FakeAnswer {
    if (request.method === 'GET' && request.path.startsWith('/transcripts/')) {
      const name = decodeURIComponent(request.path.slice('/transcripts/'.length).replace(/\.json$/, ''));
      if (!jobs.has(name)) return { status: 404, body: '<Error><Code>NoSuchKey</Code></Error>' };
      const words = fakeWords(transcript, step);
      return {
        status: 200,
        body: {
          jobName: name,
          accountId: '123456789012',
          status: 'COMPLETED',
          results: {
            transcripts: [{ transcript }],
            items: words.flatMap(({ word, punctuation, start, end }) => [
              {
                type: 'pronunciation',
                alternatives: [{ confidence: '0.99', content: word }],
                start_time: start.toFixed(3),
                end_time: end.toFixed(3),
              },
              ...(punctuation
                ? [{ type: 'punctuation', alternatives: [{ confidence: '0.0', content: punctuation }] }]
                : []),
            ]),
          },
        },
      };
    }
    verifyAwsSignature(request, credentials);
    if (request.method !== 'POST' || request.path !== '/') {
      throw new VendorRefusal(404, `No operation at ${request.method} ${request.path}`, 'UnknownOperationException');
    }
    if (!headerOf(request, 'content-type').startsWith('application/x-amz-json-1.1')) {
      throw new VendorRefusal(400, 'Content-Type must be application/x-amz-json-1.1', 'SerializationException');
    }
    const body = request.json as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object')
      throw new VendorRefusal(400, 'Could not parse the body.', 'SerializationException');
    const name = body.TranscriptionJobName;
    if (typeof name !== 'string' || !/^[0-9a-zA-Z._-]{1,200}$/.test(name)) {
      throw new VendorRefusal(
        400,
        "1 validation error detected: Value at 'transcriptionJobName' failed to satisfy constraint",
        'BadRequestException',
      );
    }
    const target = headerOf(request, 'x-amz-target');
    if (target === 'Transcribe.StartTranscriptionJob') {
      const media = body.Media as { MediaFileUri?: unknown } | undefined;
      const uri = media?.MediaFileUri;
      if (typeof uri !== 'string' || !/^s3:\/\/[^/]+\/.+/.test(uri)) {
        throw new VendorRefusal(400, 'The S3 URI that you specified is not valid.', 'BadRequestException');
      }
      if (
        body.LanguageCode === undefined &&
        body.IdentifyLanguage !== true &&
        body.IdentifyMultipleLanguages !== true
      ) {
        throw new VendorRefusal(
          400,
          'Specify a language code or enable language identification.',
          'BadRequestException',
        );
      }
      if (jobs.has(name)) throw new VendorRefusal(400, 'The requested job name already exists.', 'ConflictException');
      jobs.set(name, { mediaFileUri: uri, polls: 0, failureReason: jobFailures.shift() });
      const started = describe(name);
      return { status: 200, body: started };
    }
    if (target === 'Transcribe.GetTranscriptionJob') {
      const job = jobs.get(name);
      if (job) job.polls += 1;
      return { status: 200, body: describe(name) };
    }
    throw new VendorRefusal(400, `Unknown operation ${target || '(no X-Amz-Target)'}`, 'UnknownOperationException');
  }

  const ERROR_TYPES: Record<number, string> = {
    400: 'BadRequestException',
    401: 'UnrecognizedClientException',
    403: 'AccessDeniedException',
    429: 'ThrottlingException',
    500: 'InternalFailureException',
    503: 'ServiceUnavailableException',
  };
  const vendor = await startFakeVendor({
    handle,
    errorAnswer: ({ status, message, code }) => ({
      status,
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'x-amzn-RequestId': randomUUID() },
      body: JSON.stringify({
        __type: `com.amazonaws.transcribe#${code ?? ERROR_TYPES[status] ?? (status >= 500 ? 'InternalFailureException' : 'BadRequestException')}`,
        Message: message,
      }),
    }),
  });
  base = vendor.url;
  return { ...vendor, jobs, failNextJob: (reason) => void jobFailures.push(reason) };
}
