import { readFile, rm } from 'node:fs/promises';
import { SlideSchema } from '@reelwright/core';
import { type FakeTtsVendor, startFakeOpenAiTranscription } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildProjectData } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { saveProject } from '../projects/service';
import { ProviderError } from '../providers/http/provider-error';
import { buildTestRecording, type TestRecording } from '../providers/transcription/align/test-recording';
import { createOpenAiTranscriber } from '../providers/transcription/openai';
import { createAlignTranscriber } from '../providers/transcription/registry';
import { createEspeakProvider, type EspeakProvider } from '../providers/tts/espeak/provider';
import { saveRecording } from '../speech/recordings';
import { transcribeRoutes } from './routes';
import { scriptOfProject, TRANSCRIBE_MESSAGES } from './service';
import { startTranscribeWorker, type TranscribeWorker } from './worker';

const SLIDES = [
  'Coffee is one of the most traded goods in the world.',
  'The beans grow inside bright red cherries on shrubs in tropical countries.',
  'Roasting brings out hundreds of aromas.',
];
const WORDS = SLIDES.join(' ').split(/\s+/).length;

let espeak: EspeakProvider;
let recording: TestRecording;
beforeAll(async () => {
  espeak = createEspeakProvider({ processes: 2 });
  recording = await buildTestRecording(espeak, SLIDES, { voice: 'en-us+m3', rate: 1, pauses: [0.6, 0.9] });
});
afterAll(async () => {
  await espeak?.close();
  if (recording) await rm(recording.dir, { recursive: true, force: true });
});

/** A multipart/form-data body: text fields, then one file field. */
function multipart(fields: Record<string, string>, file?: { field: string; name: string; bytes: Buffer }) {
  const boundary = `----rw${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: audio/mpeg\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DB_KINDS)('POST/GET /api/members/transcribe on %s (spec 001 §5, §7)', (kind) => {
  let t: TestApp;
  let worker: TranscribeWorker;

  beforeAll(async () => {
    t = await createTestApp(kind);
    if (!t.app.hasRoute({ method: 'POST', url: '/api/members/transcribe' })) {
      await t.app.register(transcribeRoutes, { prefix: '/api/members' });
    }
    worker = await startTranscribeWorker(t.app.queue, {
      db: t.app.db,
      files: t.app.files,
      config: t.config,
      transcriber: createAlignTranscriber(espeak),
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  const post = (cookie: string | undefined, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/members/transcribe',
      payload: payload as Buffer,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
  const poll = async (cookie: string, id: number) => {
    for (let attempt = 0; attempt < 120; attempt++) {
      const res = await t.app.inject({ url: `/api/members/transcribe?id=${id}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      if (body.done) return body;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('the transcription never finished');
  };

  it('refuses visitors and free members (the spec’s words)', async () => {
    expect((await post(undefined, { mp3: '/media/recordings/x.mp3', proj_id: 1 })).statusCode).toBe(401);
    const { cookie } = await buildMember(t.app);
    const res = await post(cookie, { mp3: '/media/recordings/x.mp3', proj_id: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("Text transcription isn't available in free version");
    expect(TRANSCRIBE_MESSAGES.free).toBe("Text transcription isn't available in free version");
  });

  it('aligns a saved recording with the project’s slide texts, polled to done', async () => {
    const { member, cookie } = await buildMember(t.app, { plan: 'paid' });
    const data = buildProjectData({
      wizard: {
        keyword: 'coffee',
        slides: SLIDES.map((text, i) => SlideSchema.parse({ id: `s${i}`, texts: [{ id: `t${i}`, text }] })),
      },
    });
    const { id: pid } = await saveProject(t.app.db, {
      userId: member.id,
      input: { name: 'Beans', title: 'Beans', category: 'project', data_json: JSON.stringify(data) },
    });
    const { url } = await saveRecording(t.app, member.id, await readFile(recording.file));
    const res = await post(cookie, { mp3: url, proj_id: pid });
    expect(res.statusCode).toBe(200);
    const { id, done } = res.json();
    expect(done).toBe(false);

    const result = await poll(cookie, id);
    expect(result.error).toBeUndefined();
    const items = result.result_json.items;
    expect(items).toHaveLength(WORDS);
    expect(items[0]).toEqual({
      type: 'pronunciation',
      alternatives: [{ content: 'Coffee' }],
      start_time: expect.any(String),
      end_time: expect.any(String),
    });
    // Each slide's first word starts where its speech does (within a quarter second).
    let at = 0;
    SLIDES.forEach((slide, i) => {
      expect(Math.abs(Number(items[at].start_time) - (recording.truth[i]?.start ?? 0))).toBeLessThan(0.25);
      at += slide.split(/\s+/).length;
    });

    // Someone else's transcription, and one that does not exist, are not found (the spec's log line).
    const other = await buildMember(t.app, { plan: 'paid' });
    const theirs = await t.app.inject({ url: `/api/members/transcribe?id=${id}`, headers: { cookie: other.cookie } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe(`Transcription ${id} not found`);
  });

  it('takes an uploaded file and an explicit text (multipart)', async () => {
    const { cookie } = await buildMember(t.app, { plan: 'business' });
    const form = multipart(
      { text: SLIDES.slice(0, 2).join(' ') },
      { field: 'mp3', name: 'take.mp3', bytes: await readFile(recording.file) },
    );
    const res = await post(cookie, form.payload, form.headers);
    expect(res.statusCode).toBe(200);
    const result = await poll(cookie, res.json().id);
    expect(
      result.result_json.items.map((i: { alternatives: { content: string }[] }) => i.alternatives[0]?.content),
    ).toEqual(SLIDES.slice(0, 2).join(' ').replace(/[.]/g, '').split(/\s+/));
  });

  it('answers 400 for a recording that is not ours or a missing script', async () => {
    const { member, cookie } = await buildMember(t.app, { plan: 'paid' });
    expect((await post(cookie, { mp3: '/media/../etc/passwd', text: 'Hi there.' })).statusCode).toBe(400);
    const missing = await post(cookie, { mp3: `/media/recordings/${'0'.repeat(32)}.mp3`, text: 'Hi there.' });
    expect(missing.statusCode).toBe(400);
    const { url } = await saveRecording(t.app, member.id, await readFile(recording.file));
    const noScript = await post(cookie, { mp3: url });
    expect(noScript.statusCode).toBe(400);
    // Another member's recording is not this member's to transcribe.
    const other = await buildMember(t.app, { plan: 'paid' });
    const theirs = await saveRecording(t.app, other.member.id, await readFile(recording.file));
    const refused = await post(cookie, { mp3: theirs.url, text: 'Hi there.' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('bad_recording');
    expect(noScript.json().error).toContain('proj_id');
  });
});

describe('the project’s script', () => {
  it('reads the wizard’s slide texts, else the frames’ text items', () => {
    expect(
      scriptOfProject(
        buildProjectData({
          wizard: {
            keyword: '',
            slides: [
              SlideSchema.parse({
                id: 'a',
                texts: [
                  { id: 'a1', text: ' One **bold** line. ' },
                  { id: 'a2', text: 'Two.' },
                ],
              }),
              SlideSchema.parse({ id: 'b' }),
            ],
          },
        }),
      ),
    ).toEqual(['One bold line.\nTwo.']);
    expect(scriptOfProject(buildProjectData({ wizard: { keyword: '', slides: [] } }))).toEqual(['Hello']);
    expect(scriptOfProject(null)).toEqual([]);
  });
});

describe('OpenAI transcription adapter (against its fake)', () => {
  const KEY = 'sk-transcribe-test';
  let fake: FakeTtsVendor;
  beforeAll(async () => {
    fake = await startFakeOpenAiTranscription({ apiKey: KEY, transcript: 'Coffee is one of the most traded goods.' });
  });
  afterAll(() => fake?.close());

  it('is not offered without a key', () => {
    expect(createOpenAiTranscriber({ apiKey: undefined, url: fake.url, model: 'whisper-1' })).toBeNull();
  });

  it('sends the file with verbose_json and word timestamps, and answers AWS-shaped items', async () => {
    const openai = createOpenAiTranscriber({ apiKey: KEY, url: fake.url, model: 'whisper-1' });
    const { items } = await openai!.transcribe({ recording: recording.file, texts: [] });
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/audio/transcriptions');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = request?.body.toString('latin1') ?? '';
    expect(body).toContain('name="response_format"\r\n\r\nverbose_json');
    expect(body).toContain('name="timestamp_granularities[]"\r\n\r\nword');
    expect(body).toContain('name="model"\r\n\r\nwhisper-1');
    expect(items).toHaveLength(8);
    expect(items[0]).toEqual({
      type: 'pronunciation',
      alternatives: [{ content: 'Coffee' }],
      start_time: '0.000',
      end_time: '0.350',
    });
  });

  it.each([
    [401, 'auth'],
    [429, 'rate_limited'],
    [400, 'bad_request'],
    [503, 'unavailable'],
  ] as const)('HTTP %i becomes %s', async (status, kind) => {
    const openai = createOpenAiTranscriber({ apiKey: KEY, url: fake.url, model: 'whisper-1' });
    fake.failNext(status, `openai says ${status}`);
    const error = await openai!.transcribe({ recording: recording.file, texts: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ provider: 'openai', kind });
    expect((error as Error).message).toContain(`openai says ${status}`);
  });

  it('a model without word timestamps is refused as OpenAI does', async () => {
    const openai = createOpenAiTranscriber({ apiKey: KEY, url: fake.url, model: 'gpt-4o-transcribe' });
    const error = await openai!.transcribe({ recording: recording.file, texts: [] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'bad_request' });
  });
});
