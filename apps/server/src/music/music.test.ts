import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsAs } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { STOCK_TRACKS } from './tracks';

const run = promisify(execFile);

let t: TestApp;
let dir: string;
const puts: string[] = [];

beforeAll(async () => {
  t = await createTestApp('pglite');
  dir = await mkdtemp(path.join(tmpdir(), 'rw-music-test-'));
  const put = t.app.files.put.bind(t.app.files);
  t.app.files.put = (key, file, type) => {
    puts.push(key);
    return put(key, file, type);
  };
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Track = { id: string; name: string; url: string; duration: number; mood: string };

describe('GET /api/members/music (spec 001 §2 customize step)', () => {
  let tracks: Track[];

  it('makes the five tracks once, even for two requests at once, and lists them to a visitor', async () => {
    const visitor = requestsAs(t.app);
    const [a, b] = await Promise.all([visitor.get('/api/members/music'), visitor.get('/api/members/music')]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json()).toEqual(a.json());
    tracks = a.json().tracks;
    expect(tracks).toHaveLength(5);
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
    // Later calls find them stored.
    expect((await visitor.get('/api/members/music')).statusCode).toBe(200);
    expect(puts).toHaveLength(5);
  }, 240_000);

  it('serves each as a stereo 44.1 kHz MP3 of the stated length that is not silent', async () => {
    for (const track of tracks) {
      const res = await t.app.inject({ method: 'GET', url: track.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      const file = path.join(dir, `${track.id}.mp3`);
      await writeFile(file, res.rawPayload);
      const { stdout } = await run('ffprobe', [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        file,
      ]);
      const probe = JSON.parse(stdout);
      expect(probe.format.format_name).toBe('mp3');
      expect(probe.streams[0]).toMatchObject({ codec_name: 'mp3', sample_rate: '44100', channels: 2 });
      expect(Math.abs(Number(probe.format.duration) - track.duration)).toBeLessThanOrEqual(0.5);
      const { stderr } = await run('ffmpeg', ['-hide_banner', '-i', file, '-af', 'volumedetect', '-f', 'null', '-']);
      const mean = Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1]);
      expect(mean).toBeGreaterThan(-40);
    }
  }, 60_000);
});
