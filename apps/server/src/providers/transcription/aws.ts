/**
 * Amazon Transcribe over its JSON 1.1 API (`POST /` with `X-Amz-Target: Transcribe.<Operation>`,
 * Signature V4 for service `transcribe`): StartTranscriptionJob on the recording where it is
 * stored (`s3://<S3_BUCKET>/<key>`, so only with STORAGE=s3), GetTranscriptionJob every
 * `pollIntervalMs` until COMPLETED or FAILED, then the transcript JSON at `TranscriptFileUri`,
 * whose `results.items` are already the shape the client reads (punctuation items dropped).
 * https://docs.aws.amazon.com/transcribe/latest/APIReference/API_StartTranscriptionJob.html
 */
import { randomUUID } from 'node:crypto';
import { type AwsCredentials, signedHeaders } from '../http/aws-sign';
import { type TranscriptItem, TranscriptionError, type TranscriptionProvider } from './types';

export type AwsTranscribeConfig = {
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  region: string;
  /** Base URL; default `https://transcribe.<region>.amazonaws.com` (tests: the fake). */
  url: string | undefined;
  /** The S3 bucket recordings are stored in; undefined unless STORAGE=s3. */
  bucket: string | undefined;
  /** Between GetTranscriptionJob calls; default 5 s. */
  pollIntervalMs?: number;
  /** Gives up (as `unavailable`) after this long; default 14 minutes (the job's timeout is 15). */
  maxWaitMs?: number;
};

const PROVIDER = 'aws';
const REQUEST_TIMEOUT_MS = 60_000;

type TranscriptionJob = {
  TranscriptionJobStatus?: 'QUEUED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
  FailureReason?: string;
  Transcript?: { TranscriptFileUri?: string };
};
type AwsItem = {
  type?: string;
  alternatives?: { content?: string; confidence?: string }[];
  start_time?: string;
  end_time?: string;
};

const AUTH_ERRORS = [
  'UnrecognizedClientException',
  'InvalidSignatureException',
  'IncompleteSignatureException',
  'MissingAuthenticationTokenException',
  'AccessDeniedException',
  'ExpiredTokenException',
  'InvalidClientTokenId',
];
const QUOTA_ERRORS = ['ThrottlingException', 'LimitExceededException', 'TooManyRequestsException'];

function kindOf(status: number, type: string): TranscriptionError['kind'] {
  if (AUTH_ERRORS.includes(type)) return 'auth';
  if (QUOTA_ERRORS.includes(type)) return 'quota';
  if (type === 'InternalFailureException' || type === 'ServiceUnavailableException') return 'unavailable';
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'quota';
  return status >= 400 && status < 500 ? 'bad_request' : 'unavailable';
}

/** The exception name of a JSON 1.1 error: `__type` (maybe `namespace#Name`) or `x-amzn-ErrorType`. */
function errorType(response: Response, body: { __type?: string } | undefined): string {
  const raw = body?.__type ?? response.headers.get('x-amzn-errortype') ?? '';
  return raw.split('#').pop()?.split(':')[0] ?? '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createAwsTranscriber(config: AwsTranscribeConfig): TranscriptionProvider | null {
  const { accessKeyId, secretAccessKey } = config;
  if (!accessKeyId || !secretAccessKey) return null;
  const credentials: AwsCredentials = { accessKeyId, secretAccessKey };
  const endpoint = new URL(
    `${(config.url ?? `https://transcribe.${config.region}.amazonaws.com`).replace(/\/+$/, '')}/`,
  );
  const pollIntervalMs = config.pollIntervalMs ?? 5000;
  const maxWaitMs = config.maxWaitMs ?? 14 * 60_000;

  async function call<T>(operation: string, input: object): Promise<T> {
    const body = JSON.stringify(input);
    const headers = await signedHeaders({
      url: endpoint,
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `Transcribe.${operation}`,
      },
      body,
      region: config.region,
      credentials,
      service: 'transcribe',
    });
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new TranscriptionError(
        PROVIDER,
        'unavailable',
        `AWS Transcribe could not be reached: ${(error as Error).message}`,
      );
    }
    const text = await response.text();
    let parsed: (T & { __type?: string; message?: string; Message?: string }) | undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const type = errorType(response, parsed);
      const message = parsed?.message ?? parsed?.Message ?? text.slice(0, 300);
      throw new TranscriptionError(
        PROVIDER,
        kindOf(response.status, type),
        `AWS Transcribe ${operation} answered ${response.status}${type ? ` ${type}` : ''}: ${message}`,
      );
    }
    if (parsed === undefined) {
      throw new TranscriptionError(
        PROVIDER,
        'unavailable',
        `AWS Transcribe ${operation} answered something that is not JSON.`,
      );
    }
    return parsed;
  }

  async function fetchTranscript(uri: string): Promise<TranscriptItem[]> {
    let response: Response;
    try {
      response = await fetch(uri, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new TranscriptionError(
        PROVIDER,
        'unavailable',
        `AWS Transcribe's transcript could not be fetched: ${(error as Error).message}`,
      );
    }
    const text = await response.text();
    if (!response.ok) {
      throw new TranscriptionError(
        PROVIDER,
        'unavailable',
        `AWS Transcribe's transcript answered ${response.status}: ${text.slice(0, 300)}`,
      );
    }
    let transcript: { results?: { items?: AwsItem[] } };
    try {
      transcript = JSON.parse(text);
    } catch {
      throw new TranscriptionError(PROVIDER, 'unavailable', "AWS Transcribe's transcript is not JSON.");
    }
    return (transcript.results?.items ?? []).flatMap((item) => {
      const content = item.alternatives?.[0]?.content;
      if (item.type !== 'pronunciation' || !content || item.start_time === undefined) return [];
      const start = Number(item.start_time);
      const end = Math.max(start, Number(item.end_time ?? item.start_time));
      return [
        {
          type: 'pronunciation' as const,
          alternatives: [{ content }] as [{ content: string }],
          start_time: start.toFixed(3),
          end_time: end.toFixed(3),
        },
      ];
    });
  }

  return {
    name: PROVIDER,
    needsScript: false,
    async transcribe({ recordingKey }) {
      if (!config.bucket) {
        throw new TranscriptionError(
          PROVIDER,
          'bad_request',
          'AWS Transcribe reads recordings from S3: it needs STORAGE=s3 (with S3_BUCKET), recordings on disk cannot be transcribed by it.',
        );
      }
      if (!recordingKey) {
        throw new TranscriptionError(PROVIDER, 'bad_request', "AWS Transcribe needs the recording's storage key.");
      }
      const name = `reelwright-${randomUUID()}`;
      const started = await call<{ TranscriptionJob?: TranscriptionJob }>('StartTranscriptionJob', {
        TranscriptionJobName: name,
        Media: { MediaFileUri: `s3://${config.bucket}/${recordingKey}` },
        MediaFormat: 'mp3',
        IdentifyLanguage: true,
      });
      let job = started.TranscriptionJob ?? {};
      const deadline = Date.now() + maxWaitMs;
      while (job.TranscriptionJobStatus !== 'COMPLETED' && job.TranscriptionJobStatus !== 'FAILED') {
        if (Date.now() > deadline) {
          throw new TranscriptionError(
            PROVIDER,
            'unavailable',
            `AWS Transcribe job ${name} did not finish within ${Math.round(maxWaitMs / 1000)} s.`,
          );
        }
        await sleep(pollIntervalMs);
        const got = await call<{ TranscriptionJob?: TranscriptionJob }>('GetTranscriptionJob', {
          TranscriptionJobName: name,
        });
        job = got.TranscriptionJob ?? {};
      }
      if (job.TranscriptionJobStatus === 'FAILED') {
        throw new TranscriptionError(
          PROVIDER,
          'bad_request',
          `AWS Transcribe job failed: ${job.FailureReason ?? 'no reason given'}`,
        );
      }
      const uri = job.Transcript?.TranscriptFileUri;
      if (!uri) throw new TranscriptionError(PROVIDER, 'unavailable', 'AWS Transcribe finished without a transcript.');
      return { items: await fetchTranscript(uri) };
    },
  };
}
