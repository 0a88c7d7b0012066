/**
 * Amazon Transcribe over its JSON 1.1 API (`POST /` with `X-Amz-Target: Transcribe.<Operation>`,
 * Signature V4 for service `transcribe`): StartTranscriptionJob on the recording where it is
 * stored (`s3://<S3_BUCKET>/<key>`, so only with STORAGE=s3), GetTranscriptionJob every
 * `pollIntervalMs` until COMPLETED or FAILED, then the transcript JSON at `TranscriptFileUri`,
 * whose `results.items` are already the shape the client reads (punctuation items dropped).
 * https://docs.aws.amazon.com/transcribe/latest/APIReference/API_StartTranscriptionJob.html
 */
import { randomUUID } from 'node:crypto';
import { readAwsError } from '../http/aws-errors';
import { type AwsCredentials, signedHeaders } from '../http/aws-sign';
import { ProviderError } from '../http/provider-error';
import { readJson, type VendorCall, vendorFetch } from '../http/vendor-fetch';
import type { TranscriptItem, TranscriptionProvider } from './types';

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
  /** Gives up (as `timeout`) after this long; default 14 minutes (the job's timeout is 15). */
  maxWaitMs?: number;
};

const PROVIDER = 'aws';
const API: VendorCall = {
  provider: PROVIDER,
  label: 'AWS Transcribe',
  timeoutMs: 60_000,
  readError: readAwsError,
};
/**
 * The transcript at its (presigned) URI: any refusal is `unavailable`, since a new job, on a
 * retry, gets a new URI.
 */
const TRANSCRIPT: VendorCall = {
  ...API,
  label: "AWS Transcribe's transcript",
  readError: () => ({ kind: 'unavailable' }),
};

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
    return readJson<T>(await vendorFetch(endpoint, { method: 'POST', headers, body }, API));
  }

  async function fetchTranscript(uri: string): Promise<TranscriptItem[]> {
    const transcript = await readJson<{ results?: { items?: AwsItem[] } }>(await vendorFetch(uri, {}, TRANSCRIPT));
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
        throw new ProviderError(
          PROVIDER,
          'bad_request',
          'AWS Transcribe reads recordings from S3: it needs STORAGE=s3 (with S3_BUCKET), recordings on disk cannot be transcribed by it.',
        );
      }
      if (!recordingKey) {
        throw new ProviderError(PROVIDER, 'bad_request', "AWS Transcribe needs the recording's storage key.");
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
          throw new ProviderError(
            PROVIDER,
            'timeout',
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
        throw new ProviderError(
          PROVIDER,
          'bad_request',
          `AWS Transcribe job failed: ${job.FailureReason ?? 'no reason given'}`,
        );
      }
      const uri = job.Transcript?.TranscriptFileUri;
      if (!uri) throw new ProviderError(PROVIDER, 'bad_answer', 'AWS Transcribe finished without a transcript.');
      return { items: await fetchTranscript(uri) };
    },
  };
}
