import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCT_WATERMARK, plainText } from '@reelwright/core';
import { type FakeSource, startFakeBraveSearch } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../test/helpers';
import { users } from '../accounts/tables';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { runTool } from '../ffmpeg/ffmpeg';
import { probeMedia } from '../ffmpeg/probe';
import { MusicLibrary, type TrackSynthesiser } from '../music/service';
import { createArticleSources } from '../providers/articles/registry';
import { createMediaProviders } from '../providers/media/registry';
import { createTtsProviders, type TtsProviders } from '../providers/tts/registry';
import type { FileStore } from '../storage';
import { createDiskStore } from '../storage/disk-store';
import { type MadeVideo, type MakerDeps, type MakerProgress, makeVideo } from './service';

const PASTED = `How Bees Make Honey

Bees gather nectar from flowers. They fan it with their wings until it thickens.`;

const PAGE = `<!doctype html><html><head><title>Lighthouses at night</title></head><body><article>
<h1>Lighthouses at night</h1>
<p>A lighthouse warns ships away from rocks with a bright turning lamp that sailors can see from far out at sea.</p>
<p>Each light flashes in its own pattern, so a captain can tell one coast from another on the darkest night.</p>
</article></body></html>`;

/** Stock tracks as short tones (the real recipes take about 40 s of CPU): real MP3s all the same. */
const toneTrack: TrackSynthesiser = async (_recipe, file) => {
  await runTool('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
    ...['-c:a', 'libmp3lame', '-y', file],
  ]);
};

/** Narration seconds of the made project: what the video's length must follow. */
const narrationSeconds = (made: MadeVideo) =>
  made.project.wizard.slides.flatMap((s) => s.texts).reduce((sum, t) => sum + (t.audio.duration ?? 0), 0);

/** The MP4 holds a video of the size asked and an audio stream, and lasts as long as its narration (plus the slides' pauses). */
async function expectNarratedVideo(made: MadeVideo, size: { width: number; height: number }) {
  const probe = await probeMedia(made.file);
  const video = probe.streams.find((s) => s.type === 'video');
  expect(video).toMatchObject(size);
  expect(probe.streams.some((s) => s.type === 'audio')).toBe(true);
  const narration = narrationSeconds(made);
  expect(narration).toBeGreaterThan(1);
  expect(probe.duration).toBeCloseTo(made.duration, 0);
  expect(probe.duration).toBeGreaterThanOrEqual(narration);
  expect(probe.duration).toBeLessThan(narration + made.slides * 2);
}

// The maker's database only caches clips and holds the member, so one database kind is enough;
// each render costs CI seconds.
describe('makeVideo (issue 22, D71)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let tts: TtsProviders;
  let site: http.Server;
  let siteUrl: string;
  let brave: FakeSource;
  /** One file store beside the one database, as on a server: the speech cache's rows name its files. */
  let files: FileStore;
  let music: MusicLibrary;
  const workDirs: string[] = [];

  /** The maker's deps for a member on `plan`, with a fresh work folder. */
  async function depsFor(plan: 'free' | 'business'): Promise<MakerDeps> {
    const config = testConfig();
    const workDir = await mkdtemp(path.join(tmpdir(), 'rw-maker-'));
    workDirs.push(workDir);
    const [member] = await database.db
      .insert(users)
      .values({ email: `maker-${workDirs.length}@example.test`, plan, verified: true })
      .returning();
    return {
      db: database.db,
      files,
      tts,
      media: createMediaProviders(files),
      articles: createArticleSources({
        ...config.articles,
        keyless: false,
        brave: { apiKey: 'brave-test-key', url: brave.url },
      }),
      fetchPolicy: { allowPrivate: true },
      member: member!,
      workDir,
      articleBudgetMs: 5000,
      music,
    };
  }

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase('pglite'));
    const filesDir = await mkdtemp(path.join(tmpdir(), 'rw-maker-files-'));
    workDirs.push(filesDir);
    files = createDiskStore(filesDir);
    music = new MusicLibrary({ files, synthesise: toneTrack });
    await database.migrate();
    tts = createTtsProviders(testConfig(), { espeakProcesses: 2 });
    site = http.createServer((req, res) => {
      if (req.url === '/lighthouses') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    brave = await startFakeBraveSearch([
      { title: 'Lighthouses at night', url: `${siteUrl}/lighthouses`, description: 'How lighthouses warn ships.' },
    ]);
  });
  afterAll(async () => {
    await music?.close();
    await tts?.close();
    await database?.close();
    await drop?.();
    await new Promise((resolve) => site?.close(resolve));
    await brave?.close();
    await Promise.all(workDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('makes a narrated MP4 from pasted text, the free plan watermark on, reporting every stage', async () => {
    const progress: MakerProgress[] = [];
    const made = await makeVideo(
      await depsFor('free'),
      {
        source: 'text',
        text: PASTED,
        size: '720p',
        shape: 'square',
        keyword: 'bees',
        music: { track: 'warm-pulse', volume: 0.4 },
      },
      (p) => progress.push(p),
    );
    expect(made.title).toBe('How Bees Make Honey');
    expect(made.project.wizard.slides.map((s) => plainText(s.texts.map((t) => t.text).join(' ')))).toEqual([
      'How Bees Make Honey',
      'Bees gather nectar from flowers.',
      'They fan it with their wings until it thickens.',
    ]);
    // Every line got a picture (offline: the generated look) and narration stored by the speech service.
    for (const text of made.project.wizard.slides.flatMap((s) => s.texts)) {
      expect(text.media[0]?.url).toMatch(/^\/media\//);
      expect(text.audio.url).toMatch(/^\/media\/tts\/.+\.mp3$/);
      // No captions asked for: the command keeps only the MP4, so the aligner is not run.
      expect(text.audio.words).toBeUndefined();
    }
    expect(made.project.video.watermark).toEqual(PRODUCT_WATERMARK);
    // The stock track, made into the file store on first use, under the narration.
    expect(made.project.wizard.music).toEqual({ id: 'warm-pulse', url: '/media/music/warm-pulse.mp3', volume: 0.4 });
    expect(made.project.video.audio).toMatchObject({ url: '/media/music/warm-pulse.mp3', musicVolume: 0.4 });
    expect(await files.exists('music/warm-pulse.mp3')).toBe(true);
    await expectNarratedVideo(made, { width: 720, height: 720 });

    const stages = [...new Set(progress.map((p) => p.stage))];
    expect(stages).toEqual(['article', 'slides', 'media', 'narration', 'frames', 'render']);
    const lastRender = progress.filter((p) => p.stage === 'render').at(-1)!;
    expect(lastRender.done).toBe(lastRender.total);
  });

  it('makes a narrated MP4 from an address, imported through the guarded fetch', async () => {
    const made = await makeVideo(await depsFor('business'), {
      source: 'url',
      url: `${siteUrl}/lighthouses`,
      size: '720p',
      shape: 'square',
      slides: 2,
      style: 'film',
      captions: 'boxed',
    });
    expect(made.title).toBe('Lighthouses at night');
    // Burned-in captions are drawn from the narration's words.
    expect(made.project.video.captions).toEqual({ style: 'boxed' });
    for (const text of made.project.wizard.slides.flatMap((s) => s.texts)) {
      expect(text.audio.words?.length).toBeGreaterThan(0);
    }
    expect(made.slides).toBe(2);
    expect(made.project.wizard.url).toBe(`${siteUrl}/lighthouses`);
    expect(made.project.video.watermark.type).toBe('none');
    await expectNarratedVideo(made, { width: 720, height: 720 });
  });

  it('makes a one-slide video from the first article the configured search finds for a keyword', async () => {
    const made = await makeVideo(await depsFor('business'), {
      source: 'keyword',
      keyword: 'lighthouses',
      size: '720p',
      shape: 'vertical',
      slides: 1,
    });
    expect(brave.requests.map((r) => r.query.get('q'))).toContain('lighthouses');
    expect(made.title).toBe('Lighthouses at night');
    expect(made.project.wizard.slides).toHaveLength(1);
    await expectNarratedVideo(made, { width: 720, height: 1280 });
  });

  it.each([
    [{ source: 'keyword', keyword: 'volcanoes' }, "No article was found for 'volcanoes'."],
    [{}, 'Choose a source: text, url, keyword, listicle or quiz.'],
    [{ source: 'text', text: '   ' }, 'text: Enter the text.'],
    [{ source: 'url', url: 'ftp://example.test/a' }, 'url: Enter the address of a web page (http or https).'],
    [{ source: 'text', text: PASTED, slides: 0 }, 'slides: '],
    [{ source: 'text', text: PASTED, style: 'sparkly' }, 'style: Choose a style preset: film'],
    [{ source: 'text', text: PASTED, size: '4k' }, 'size: '],
    [{ source: 'text', text: PASTED, music: { track: 'polka' } }, 'music.track: '],
    [{ source: 'text', text: 'Just one sentence.' }, 'Give the text a title'],
    [{ source: 'text', text: PASTED, voice: 'no-such-voice' }, 'There is no voice no-such-voice.'],
    [{ source: 'listicle', items: [{ name: 'Rome' }] }, 'at least 2'],
    [{ source: 'url', url: 'http://127.0.0.1:9/nothing' }, 'copy-paste it by hand'],
  ])('refuses %j with a message saying what to do', async (request, message) => {
    const error = await makeVideo(await depsFor('business'), request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBeGreaterThanOrEqual(400);
    expect((error as AppError).statusCode).toBeLessThan(500);
    expect((error as AppError).message).toContain(message);
  });
});
