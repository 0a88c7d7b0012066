import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type FakeAwsTranscribe,
  type FakeTtsVendor,
  startFakeAwsTranscribe,
  startFakeWhisperServer,
} from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { ProviderError } from '../http/provider-error';
import { createAwsTranscriber } from './aws';
import { createTranscriber, transcriberName } from './registry';
import { createWhisperTranscriber } from './whisper';

const TRANSCRIPT = 'Coffee beans grow inside bright red cherries, in tropical countries.';
const WORDS = ['Coffee', 'beans', 'grow', 'inside', 'bright', 'red', 'cherries', 'in', 'tropical', 'countries'];

let dir: string;
let recording: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rw-transcribe-adapters-'));
  recording = path.join(dir, 'voice.mp3');
  // The fakes hear nothing: any bytes do.
  await writeFile(recording, Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000 not really an mp3'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The rejection of `promise`, which must be a ProviderError. */
async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('whisper.cpp server adapter', () => {
  let fake: FakeTtsVendor;
  beforeAll(async () => {
    fake = await startFakeWhisperServer({ transcript: TRANSCRIPT, secondsPerWord: 0.5, wordsPerSegment: 3 });
  });
  afterAll(() => fake?.close());

  it('is offered only with a URL', () => {
    expect(createWhisperTranscriber({ url: undefined })).toBeNull();
  });

  it('posts the file as multipart verbose_json and joins tokens into AWS-shaped words', async () => {
    const whisper = createWhisperTranscriber({ url: `${fake.url}/` });
    expect(whisper?.name).toBe('whisper');
    expect(whisper?.needsScript).toBe(false);
    const { items } = await whisper!.transcribe({ recording, texts: [] });
    expect(items.map((i) => i.alternatives[0].content)).toEqual(WORDS);
    expect(items.every((i) => i.type === 'pronunciation')).toBe(true);
    // "Coffee" came as two tokens: the word spans both.
    expect(items[0]).toEqual({
      type: 'pronunciation',
      alternatives: [{ content: 'Coffee' }],
      start_time: '0.000',
      end_time: '0.450',
    });
    expect(items[9]).toMatchObject({ start_time: '4.500', end_time: '4.950' });
    for (const item of items) expect(Number(item.end_time)).toBeGreaterThanOrEqual(Number(item.start_time));

    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/inference');
    const form = await new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': String(request.headers['content-type']) },
      body: new Uint8Array(request.body),
    }).formData();
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect((form.get('file') as File).name).toBe('voice.mp3');
    expect(form.get('response_format')).toBe('verbose_json');
    expect(form.get('temperature')).toBe('0.0');
  });

  it('maps refusals and an unreachable server to error kinds', async () => {
    const whisper = createWhisperTranscriber({ url: fake.url })!;
    fake.failNext(401, 'proxy wants a password');
    const auth = await failure(whisper.transcribe({ recording, texts: [] }));
    expect(auth).toMatchObject({ provider: 'whisper', kind: 'auth', permanent: true });
    fake.failNext(429);
    expect(await failure(whisper.transcribe({ recording, texts: [] }))).toMatchObject({ kind: 'rate_limited' });
    fake.failNext(500, 'Failed to execute ffmpeg command.');
    const down = await failure(whisper.transcribe({ recording, texts: [] }));
    expect(down).toMatchObject({ kind: 'unavailable', permanent: false });
    expect(down.message).toContain('Failed to execute ffmpeg command.');
    fake.failNext(400, 'failed to read audio data');
    expect(await failure(whisper.transcribe({ recording, texts: [] }))).toMatchObject({ kind: 'bad_request' });

    const closed = await startFakeWhisperServer();
    await closed.close();
    const gone = createWhisperTranscriber({ url: closed.url })!;
    expect(await failure(gone.transcribe({ recording, texts: [] }))).toMatchObject({ kind: 'unavailable' });
  });
});

describe('AWS Transcribe adapter', () => {
  const credentials = { accessKeyId: 'AKIDTRANSCRIBE', secretAccessKey: 'transcribe/secret+key' };
  const region = 'eu-west-1';
  let fake: FakeAwsTranscribe;
  beforeAll(async () => {
    fake = await startFakeAwsTranscribe({
      ...credentials,
      region,
      transcript: TRANSCRIPT,
      secondsPerWord: 0.5,
      pendingPolls: 2,
    });
  });
  afterAll(() => fake?.close());

  const aws = (overrides: Partial<Parameters<typeof createAwsTranscriber>[0]> = {}) =>
    createAwsTranscriber({
      ...credentials,
      region,
      url: fake.url,
      bucket: 'rw-media',
      pollIntervalMs: 5,
      ...overrides,
    });

  it('is offered only with both keys', () => {
    expect(aws({ accessKeyId: undefined })).toBeNull();
    expect(aws({ secretAccessKey: undefined })).toBeNull();
  });

  it('starts a job on the S3 object, polls it and reads the transcript items', async () => {
    const before = fake.requests.length;
    const transcriber = aws()!;
    expect(transcriber.name).toBe('aws');
    const { items } = await transcriber.transcribe({ recording, recordingKey: 'recordings/7-abc.mp3', texts: [] });
    expect(items.map((i) => i.alternatives[0].content)).toEqual(WORDS);
    expect(items[1]).toEqual({
      type: 'pronunciation',
      alternatives: [{ content: 'beans' }],
      start_time: '0.500',
      end_time: '0.950',
    });

    const [job] = [...fake.jobs.values()].slice(-1);
    expect(job?.mediaFileUri).toBe('s3://rw-media/recordings/7-abc.mp3');
    const requests = fake.requests.slice(before);
    expect(requests.map((r) => r.headers['x-amz-target'] ?? `${r.method} ${r.path.split('/')[1]}`)).toEqual([
      'Transcribe.StartTranscriptionJob',
      'Transcribe.GetTranscriptionJob',
      'Transcribe.GetTranscriptionJob',
      'Transcribe.GetTranscriptionJob',
      'GET transcripts',
    ]);
    for (const request of requests.slice(0, 4)) {
      expect(request.status).toBe(200);
      expect(request.headers['content-type']).toBe('application/x-amz-json-1.1');
      expect(String(request.headers.authorization)).toMatch(
        new RegExp(`^AWS4-HMAC-SHA256 Credential=AKIDTRANSCRIBE/\\d{8}/${region}/transcribe/aws4_request,`),
      );
    }
    expect(requests[0]?.json).toMatchObject({ MediaFormat: 'mp3', IdentifyLanguage: true });
  });

  it('says clearly that it needs S3 storage', async () => {
    const before = fake.requests.length;
    const error = await failure(
      aws({ bucket: undefined })!.transcribe({ recording, recordingKey: 'r.mp3', texts: [] }),
    );
    expect(error).toMatchObject({ kind: 'bad_request', permanent: true });
    expect(error.message).toContain('STORAGE=s3');
    expect(fake.requests.length).toBe(before);
  });

  it('carries a failed job reason and maps refusals to error kinds', async () => {
    const input = { recording, recordingKey: 'recordings/8.mp3', texts: [] };
    fake.failNextJob('The media format that you specified does not match the detected media format.');
    const failed = await failure(aws()!.transcribe(input));
    expect(failed).toMatchObject({ kind: 'bad_request', permanent: true });
    expect(failed.message).toContain('does not match the detected media format');

    const wrongSecret = await failure(aws({ secretAccessKey: 'not-the-secret' })!.transcribe(input));
    expect(wrongSecret).toMatchObject({ kind: 'auth' });
    expect(wrongSecret.message).toContain('InvalidSignatureException');
    const wrongRegion = await failure(aws({ region: 'us-west-2' })!.transcribe(input));
    expect(wrongRegion).toMatchObject({ kind: 'auth' });

    fake.failNext(403, 'User is not authorized to perform transcribe:StartTranscriptionJob');
    expect(await failure(aws()!.transcribe(input))).toMatchObject({ kind: 'auth' });
    fake.failNext(400, 'Rate exceeded', 'ThrottlingException');
    expect(await failure(aws()!.transcribe(input))).toMatchObject({ kind: 'rate_limited' });
    fake.failNext(429);
    expect(await failure(aws()!.transcribe(input))).toMatchObject({ kind: 'rate_limited' });
    fake.failNext(500);
    const down = await failure(aws()!.transcribe(input));
    expect(down).toMatchObject({ kind: 'unavailable', permanent: false });
    expect(down.message).toContain('InternalFailureException');
  });

  it('gives up on a job that never finishes', async () => {
    const slow = await startFakeAwsTranscribe({ ...credentials, region, pendingPolls: 1000 });
    try {
      const transcriber = createAwsTranscriber({
        ...credentials,
        region,
        url: slow.url,
        bucket: 'rw-media',
        pollIntervalMs: 5,
        maxWaitMs: 50,
      })!;
      const error = await failure(transcriber.transcribe({ recording, recordingKey: 'r.mp3', texts: [] }));
      expect(error).toMatchObject({ kind: 'timeout', permanent: false });
    } finally {
      await slow.close();
    }
  });
});

describe('TRANSCRIBE_ENGINE', () => {
  const s3 = { STORAGE: 's3', S3_BUCKET: 'rw-media', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' };

  it('chooses whisper with WHISPER_URL and aws with its keys, else the aligner', async () => {
    const whisper = loadConfig({ TRANSCRIBE_ENGINE: 'whisper', WHISPER_URL: 'http://127.0.0.1:9' });
    expect(transcriberName(whisper)).toBe('whisper');
    const aws = loadConfig({
      ...s3,
      TRANSCRIBE_ENGINE: 'aws',
      AWS_TRANSCRIBE_ACCESS_KEY_ID: 'AKID',
      AWS_TRANSCRIBE_SECRET_ACCESS_KEY: 'secret',
      AWS_TRANSCRIBE_REGION: 'eu-west-1',
    });
    expect(aws.transcription.aws).toMatchObject({ region: 'eu-west-1', url: undefined });
    expect(transcriberName(aws)).toBe('aws');
    expect(createTranscriber(aws).name).toBe('aws');

    const logs: string[] = [];
    const unset = loadConfig({ TRANSCRIBE_ENGINE: 'whisper' });
    expect(transcriberName(unset)).toBe('align');
    const speaker = { speakWav: async () => Buffer.alloc(0) } as never;
    expect(createTranscriber(unset, { speaker, log: (m) => logs.push(m) }).name).toBe('align');
    expect(logs.join('\n')).toContain('WHISPER_URL is not set');

    const onDisk = loadConfig({
      TRANSCRIBE_ENGINE: 'aws',
      AWS_TRANSCRIBE_ACCESS_KEY_ID: 'AKID',
      AWS_TRANSCRIBE_SECRET_ACCESS_KEY: 'secret',
    });
    expect(createTranscriber(onDisk, { log: (m) => logs.push(m) }).name).toBe('aws');
    expect(logs.at(-1)).toContain('STORAGE=s3');
  });
});
