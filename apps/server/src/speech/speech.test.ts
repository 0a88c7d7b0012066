import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FREE_SPEECH_SECONDS } from '@reelwright/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildMember, buildProjectData } from '../../test/factories';
import { createTestApp, DB_KINDS, type DbKind, type TestApp } from '../../test/helpers';
import { runTool } from '../ffmpeg/ffmpeg';
import { probeMedia } from '../ffmpeg/probe';
import { saveProject } from '../projects/service';
import { EspeakProvider } from '../providers/tts/espeak/provider';
import { saveSettings } from '../settings/service';
import { RECORDING_MAX_BYTES } from './recordings';
import { SPEECH_MESSAGES } from './service';

/** The test app, which has the speech routes and the media routes serving the clips. */
async function createSpeechTestApp(kind: DbKind): Promise<TestApp> {
  const t = await createTestApp(kind);
  expect(t.app.hasRoute({ method: 'POST', url: '/api/queries/tts' })).toBe(true);
  return t;
}

/** A few seconds of sine tone in a container ffmpeg picks from the extension. */
async function toneFile(name: string, seconds: number, codecArgs: string[] = []): Promise<Buffer> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'rw-tone-')), name);
  await runTool('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...codecArgs,
    file,
  ]);
  return readFile(file);
}

/** A multipart/form-data body with one file field. */
function multipartBody(field: string, fileName: string, type: string, bytes: Buffer) {
  const boundary = `----rw${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const SENTENCE = 'Coffee beans are roasted seeds of the coffee plant, grown in many tropical countries.';

describe.each(DB_KINDS)('speech on %s (spec 001 §5–7, 000 §7)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createSpeechTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const tts = (cookie: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/queries/tts', payload, headers: cookie ? { cookie } : {} });
  /** The MP3 behind a `/media/…` URL, written to a file for ffprobe. */
  const fetchMp3 = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'rw-speech-')), 'clip.mp3');
    await writeFile(file, res.rawPayload);
    return { res, probe: await probeMedia(file) };
  };

  it('lists the voices: eSpeak in many languages, in the spec shape', async () => {
    const res = await t.app.inject({ url: '/api/queries/tts?engine=all&voices=1' });
    expect(res.statusCode).toBe(200);
    const voices = res.json() as Array<Record<string, string>>;
    expect(new Set(voices.map((v) => v.LanguageCode)).size).toBeGreaterThan(100);
    expect(voices).toContainEqual({
      Id: 'espeak:en-us+f3',
      label: 'English (America), female',
      Name: 'en-us+f3',
      LanguageCode: 'en-US',
      LanguageName: 'English (United States)',
      engine: 'free_tts',
    });
  });

  it('speaks text to a playable MP3 whose length ffprobe confirms, and caches it', async () => {
    const { member, cookie } = await buildMember(t.app, { plan: 'paid' });
    const { id: pid } = await saveProject(t.app.db, {
      userId: member.id,
      input: { name: 'Beans', title: 'Beans', category: 'project', data_json: JSON.stringify(buildProjectData()) },
    });
    const synth = vi.spyOn(EspeakProvider.prototype, 'synthesize');
    const body = { text: `**${SENTENCE}**`, voiceId: 'espeak:en-us', lang: 'en-US', engine: 'free_tts', pid };
    const first = await tts(cookie, body);
    expect(first.statusCode).toBe(200);
    const { url, duration, words } = first.json();
    expect(url).toMatch(/^\/media\/tts\/[0-9a-f]{64}\.mp3$/);
    // With its words timed for captions (D68; clip-words.test.ts).
    expect(words.map((w: { text: string }) => w.text).join(' ')).toBe(SENTENCE);
    // 14 words at eSpeak's 175 words a minute: about 5 s.
    expect(duration).toBeGreaterThan(3);
    expect(duration).toBeLessThan(9);
    const { res, probe } = await fetchMp3(url);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(probe.streams[0]?.codec).toBe('mp3');
    expect(Math.abs(probe.duration - duration)).toBeLessThan(0.1);
    expect(synth).toHaveBeenCalledTimes(1);
    // Asterisks are stripped before speech: the clip is the plain sentence's.
    expect(synth.mock.calls[0]?.[0]).toBe(SENTENCE);

    // The same text and voice again (also through GET): no synthesis, the same clip.
    const again = await tts(cookie, { ...body, text: SENTENCE });
    expect(again.json()).toEqual({ url, duration, words });
    const viaGet = await t.app.inject({
      url: `/api/queries/tts?voiceId=espeak:en-us&lang=en-US&pid=${pid}&text=${encodeURIComponent(SENTENCE)}`,
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(viaGet.json()).toEqual({ url, duration, words });
    expect(synth).toHaveBeenCalledTimes(1);
  });

  it("applies the member's pronunciations before speaking", async () => {
    const { member, cookie } = await buildMember(t.app);
    await saveSettings(t.app.db, {
      userId: member.id,
      settings: { tts: { words: [{ id: '1', from: 'GIF', to: 'jif' }] } },
    });
    const synth = vi.spyOn(EspeakProvider.prototype, 'synthesize');
    const res = await tts(cookie, { text: 'A GIF, not a gift.', voiceId: 'espeak:en-us', lang: 'en-US' });
    expect(res.statusCode).toBe(200);
    expect(synth.mock.calls[0]?.[0]).toBe('A jif, not a gift.');
  });

  it('falls back from the spec default voice to an English eSpeak voice', async () => {
    const { cookie } = await buildMember(t.app, { plan: 'paid' });
    const synth = vi.spyOn(EspeakProvider.prototype, 'synthesize');
    const res = await tts(cookie, { text: 'Default voice.', voiceId: 'en-US-Wavenet-C', lang: 'en-US' });
    expect(res.statusCode).toBe(200);
    expect(synth.mock.calls[0]?.[1].id).toBe('espeak:en-us+f3');
  });

  it('redirects a voice demo to a cached clip', async () => {
    const res = await t.app.inject({ url: '/api/queries/tts?voice=espeak:de+f3&lang=de&demo=1&redir=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/media\/tts\/[0-9a-f]{64}\.mp3$/);
    const { probe } = await fetchMp3(res.headers.location as string);
    expect(probe.duration).toBeGreaterThan(0.5);
    const synth = vi.spyOn(EspeakProvider.prototype, 'synthesize');
    const again = await t.app.inject({ url: '/api/queries/tts?voice=espeak:de+f3&lang=de&demo=1&redir=1' });
    expect(again.headers.location).toBe(res.headers.location);
    expect(synth).not.toHaveBeenCalled();
    const unknown = await t.app.inject({ url: '/api/queries/tts?voice=espeak:nope&demo=1&redir=1' });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses visitors with the spec's hint, empty text, and speech without voice or language", async () => {
    const visitor = await tts(undefined, { text: 'Hello', voiceId: 'espeak:en-us', lang: 'en-US' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe(SPEECH_MESSAGES.visitor);
    expect((await tts(undefined, {})).json().error).toBe(SPEECH_MESSAGES.visitor);

    const { cookie } = await buildMember(t.app);
    const empty = await tts(cookie, { text: ' ** \n ', voiceId: 'espeak:en-us', lang: 'en-US' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Please enter some text first');

    const synth = vi.spyOn(EspeakProvider.prototype, 'synthesize');
    const logged = vi.spyOn(t.app.log, 'error');
    for (const body of [
      { text: 'Hello', lang: 'en-US' },
      { text: 'Hello', voiceId: 'espeak:en-us' },
    ]) {
      const res = await tts(cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('voice_required');
    }
    expect(logged).toHaveBeenCalledTimes(2);
    expect(synth).not.toHaveBeenCalled();
  });

  it(`stops a free member's speech once a project passes ${FREE_SPEECH_SECONDS} s; repeats are free`, async () => {
    const { member, cookie } = await buildMember(t.app);
    const { id: pid } = await saveProject(t.app.db, {
      userId: member.id,
      input: { name: 'Long', title: 'Long', category: 'project', data_json: JSON.stringify(buildProjectData()) },
    });
    const paragraph = (n: number) => `Paragraph ${n}. ${SENTENCE} ${SENTENCE} ${SENTENCE}`;
    let total = 0;
    let n = 0;
    while (total <= FREE_SPEECH_SECONDS) {
      const res = await tts(cookie, { text: paragraph(n++), voiceId: 'espeak:en-us', lang: 'en-US', pid });
      expect(res.statusCode).toBe(200);
      total += res.json().duration;
    }
    const refused = await tts(cookie, { text: 'One more.', voiceId: 'espeak:en-us', lang: 'en-US', pid });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/35 seconds.*Paid plans have no limit/);
    // A clip the project already has costs nothing.
    const repeat = await tts(cookie, { text: paragraph(0), voiceId: 'espeak:en-us', lang: 'en-US', pid });
    expect(repeat.statusCode).toBe(200);
    // Another project has its own allowance; someone else's project is not the member's to use.
    expect((await tts(cookie, { text: 'One more.', voiceId: 'espeak:en-us', lang: 'en-US' })).statusCode).toBe(200);
    const other = await buildMember(t.app);
    expect((await tts(other.cookie, { text: 'Hi.', voiceId: 'espeak:en-us', lang: 'en-US', pid })).statusCode).toBe(
      404,
    );
  });

  describe('recordings (save-mp3)', () => {
    const save = (cookie: string | undefined, body: ReturnType<typeof multipartBody>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/queries/save-mp3',
        payload: body.payload,
        headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
      });

    it('converts a WebM (multipart) and a WAV (raw body) recording to MP3', async () => {
      const { cookie } = await buildMember(t.app);
      const webm = await toneFile('take.webm', 3, ['-c:a', 'libopus']);
      const res = await save(cookie, multipartBody('recording', 'blob', 'audio/webm', webm));
      expect(res.statusCode).toBe(200);
      const { url, duration } = res.json();
      expect(url).toMatch(/^\/media\/recordings\/[0-9a-f]{32}\.mp3$/);
      expect(duration).toBeGreaterThan(2.8);
      expect(duration).toBeLessThan(3.3);
      const { probe } = await fetchMp3(url);
      expect(probe.streams[0]?.codec).toBe('mp3');

      const wav = await toneFile('take.wav', 2);
      const raw = await t.app.inject({
        method: 'POST',
        url: '/api/queries/save-mp3',
        payload: wav,
        headers: { cookie, 'content-type': 'audio/wav' },
      });
      expect(raw.statusCode).toBe(200);
      expect(raw.json().duration).toBeCloseTo(2, 0);
    });

    it('refuses visitors, files that are not audio, and files over the size limit', async () => {
      const wav = await toneFile('take.wav', 1);
      expect((await save(undefined, multipartBody('recording', 'a.wav', 'audio/wav', wav))).statusCode).toBe(401);

      const { cookie } = await buildMember(t.app);
      const text = Buffer.from('This is not audio at all, just a text file renamed to mp3.\n'.repeat(20));
      const notAudio = await save(cookie, multipartBody('recording', 'voice.mp3', 'audio/mpeg', text));
      expect(notAudio.statusCode).toBe(400);
      expect(notAudio.json().code).toBe('unsupported_audio');

      const huge = Buffer.concat([wav, Buffer.alloc(RECORDING_MAX_BYTES + 1024)]);
      const tooLarge = await save(cookie, multipartBody('recording', 'big.wav', 'audio/wav', huge));
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().error).toMatch(/25 MB/);
      const tooLargeRaw = await t.app.inject({
        method: 'POST',
        url: '/api/queries/save-mp3',
        payload: huge,
        headers: { cookie, 'content-type': 'audio/wav' },
      });
      expect(tooLargeRaw.statusCode).toBe(413);
      expect(tooLargeRaw.json().error).toMatch(/25 MB/);
    });
  });

  it('serves only known media folders and names', async () => {
    expect((await t.app.inject({ url: `/media/tts/${'0'.repeat(64)}.mp3` })).statusCode).toBe(404);
    const missing = await t.app.inject({ url: `/media/tts/${'0'.repeat(64)}.mp3` });
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    expect((await t.app.inject({ url: '/media/renders/x.mp4' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/tts/..%2Fsecret.mp3' })).statusCode).toBe(404);
  });
});
