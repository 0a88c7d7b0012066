import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STOCK_MUSIC_TRACKS } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestsAs } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { runTool } from '../ffmpeg/ffmpeg';
import { createDiskStore } from '../storage/disk-store';
import { MusicLibrary, type TrackSynthesiser } from './service';
import { STOCK_TRACKS } from './tracks';

let t: TestApp;
let dir: string;
const puts: string[] = [];

/** Counts what an app writes to its file store. */
function countPuts(app: TestApp['app'], into: string[]) {
  const put = app.files.put.bind(app.files);
  app.files.put = (key, file, type) => {
    into.push(key);
    return put(key, file, type);
  };
}

beforeAll(async () => {
  t = await createTestApp('pglite');
  dir = await mkdtemp(path.join(tmpdir(), 'rw-music-test-'));
  countPuts(t.app, puts);
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Track = { id: string; name: string; url: string; duration: number; mood: string };
const TOTAL = STOCK_TRACKS.length;

describe('GET /api/members/music (spec 001 §2 customize step)', () => {
  let tracks: Track[];

  it('answers at once while the tracks are made in the background, then lists all five, each made once', async () => {
    const visitor = requestsAs(t.app);
    // Two first requests at once: neither waits for synthesis, and they share one run.
    const [a, b] = await Promise.all([visitor.get('/api/members/music'), visitor.get('/api/members/music')]);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toEqual({ tracks: [], preparing: { done: 0, total: TOTAL } });
    expect(b.json()).toEqual(a.json());

    let last: { tracks: Track[]; preparing?: { done: number; total: number } } = a.json();
    await vi.waitFor(
      async () => {
        const res = await visitor.get('/api/members/music');
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json();
        // Progress only grows, and the tracks listed are the ones counted as done.
        if (answer.preparing) expect(answer.preparing.done).toBe(answer.tracks.length);
        expect(answer.tracks.length).toBeGreaterThanOrEqual(last.tracks.length);
        last = answer;
        expect(answer.preparing).toBeUndefined();
      },
      // Generous: the tracks are made at background priority, which the suite's other files starve.
      { timeout: 600_000, interval: 3_000 },
    );
    tracks = last.tracks;
    expect(tracks.map((track) => track.id)).toEqual(STOCK_TRACKS.map((recipe) => recipe.slug));
    for (const track of tracks) {
      expect(track).toEqual({
        id: expect.stringMatching(/^[a-z-]+$/),
        name: expect.any(String),
        url: `/media/music/${track.id}.mp3`,
        duration: expect.any(Number),
        mood: expect.any(String),
      });
      expect(track.duration).toBeGreaterThanOrEqual(60);
      expect(track.duration).toBeLessThanOrEqual(90);
    }
    expect([...puts].sort()).toEqual(tracks.map((track) => `music/${track.id}.mp3`).sort());
    // Kept under the data folder.
    for (const track of tracks)
      expect(existsSync(path.join(t.config.dataDir, 'files', 'music', `${track.id}.mp3`))).toBe(true);
  }, 660_000);

  it('serves each as a stereo 44.1 kHz MP3 of the stated length that is not silent', async () => {
    for (const track of tracks) {
      const res = await t.app.inject({ method: 'GET', url: track.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      const file = path.join(dir, `${track.id}.mp3`);
      await writeFile(file, res.rawPayload);
      const probe = JSON.parse(
        (
          await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file])
        ).toString(),
      );
      expect(probe.format.format_name).toBe('mp3');
      expect(probe.streams[0]).toMatchObject({ codec_name: 'mp3', sample_rate: '44100', channels: 2 });
      expect(Math.abs(Number(probe.format.duration) - track.duration)).toBeLessThanOrEqual(0.5);
      expect(await meanVolume(file)).toBeGreaterThan(-40);
    }
  }, 60_000);

  it('reuses the stored tracks after a restart: all listed at the first request, none made again', async () => {
    await t.app.close();
    const again = await createTestApp('pglite', { DATA_DIR: t.config.dataDir });
    try {
      const madeAgain: string[] = [];
      countPuts(again.app, madeAgain);
      const res = await requestsAs(again.app).get('/api/members/music');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ tracks });
      expect(madeAgain).toEqual([]);
    } finally {
      await again.close();
    }
  });
});

/** The track's loudness: RMS of its decoded samples in dBFS (what ffmpeg's volumedetect calls mean_volume). */
async function meanVolume(file: string): Promise<number> {
  const raw = await runTool('ffmpeg', ['-v', 'error', '-i', file, '-ac', '1', '-ar', '8000', '-f', 'f32le', '-']);
  const samples = new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
  const power = samples.reduce((sum, v) => sum + v * v, 0) / samples.length;
  return 10 * Math.log10(power);
}

describe('MusicLibrary', () => {
  it("makes the tracks the maker's requests may name (core's STOCK_MUSIC_TRACKS)", () => {
    expect(STOCK_TRACKS.map((recipe) => recipe.slug)).toEqual([...STOCK_MUSIC_TRACKS]);
  });

  /** A synthesiser held until `release()`, writing a stand-in file. */
  function heldSynthesiser() {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const made: string[] = [];
    const synthesise: TrackSynthesiser = async (recipe, file) => {
      await held;
      await writeFile(file, `stand-in for ${recipe.slug}`);
      made.push(recipe.slug);
    };
    return { synthesise, release, made };
  }

  it('lists without waiting for tracks in the making, and all of them once made', async () => {
    const files = createDiskStore(await mkdtemp(path.join(dir, 'store-')));
    const { synthesise, release, made } = heldSynthesiser();
    const library = new MusicLibrary({ files, synthesise });
    expect(await library.list()).toEqual({ tracks: [], preparing: { done: 0, total: TOTAL } });
    expect(await library.list()).toEqual({ tracks: [], preparing: { done: 0, total: TOTAL } });
    release();
    await library.settled();
    const listed = await library.list();
    expect(listed.preparing).toBeUndefined();
    expect(listed.tracks.map((track) => track.id)).toEqual(STOCK_TRACKS.map((recipe) => recipe.slug));
    expect(made.sort()).toEqual(STOCK_TRACKS.map((recipe) => recipe.slug).sort());
    await library.close();
  });

  it('stops waiting after a failed run: lists what is ready, says why, and does not retry until restarted', async () => {
    const files = createDiskStore(await mkdtemp(path.join(dir, 'store-')));
    const log: string[] = [];
    let calls = 0;
    const library = new MusicLibrary({
      files,
      log: (message) => log.push(message),
      synthesise: async () => {
        calls++;
        throw new Error('ffmpeg exited with 1: no such filter');
      },
    });
    await library.list();
    await library.settled();
    expect(await library.list()).toEqual({ tracks: [] });
    expect(log).toEqual(['Stock music could not be made: Error: ffmpeg exited with 1: no such filter']);
    const before = calls;
    await library.list();
    await library.settled();
    expect(calls).toBe(before);
  });
});
