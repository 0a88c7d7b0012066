/**
 * A fresh machine: no ffmpeg on PATH. The server and the render CLI run as child processes whose
 * PATH is an empty folder, so only the copies npm installed can serve, or, with those hidden,
 * nothing, and then the member is told what to install.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { MovieSchema } from '@reelwright/core';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runTool } from './ffmpeg';
import { probeMedia } from './probe';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const hideBundled = path.join(repoRoot, 'apps/server/test/hide-bundled-ffmpeg.cjs');
const DEMO = '/api/queries/tts?voice=espeak:de%2Bf3&lang=de&demo=1';

let dir: string;
/** PATH of the children: a folder with nothing in it. */
let noPrograms: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rw-no-ffmpeg-'));
  noPrograms = await mkdtemp(path.join(dir, 'bin-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(dir, 'data-'));
  // No stock music either: without ffmpeg the server cannot make it.
  return startServerProcess({ PATH: noPrograms, DATA_DIR: dataDir, ...env }, { stockMusic: false });
}

describe('with no ffmpeg on PATH', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({});
  }, 90_000);
  afterAll(() => server?.stop());

  it('logs at start the ffmpeg and ffprobe npm installed, with their versions', async () => {
    await vi.waitFor(() => expect(server.output()).toContain('ffprobe: '), { timeout: 20_000 });
    const platform = `${process.platform}-${process.arch}`;
    expect(server.output()).toContain(
      `ffmpeg: ${path.join(repoRoot, 'node_modules/@ffmpeg-installer', platform, 'ffmpeg')} (bundled; ffmpeg version `,
    );
    expect(server.output()).toContain(
      `ffprobe: ${path.join(repoRoot, 'node_modules/@ffprobe-installer', platform, 'ffprobe')} (bundled; ffprobe version `,
    );
  });

  it('speaks a voice demo: eSpeak NG through the bundled ffmpeg to an MP3', async () => {
    const res = await fetch(`${server.url}${DEMO}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const clip = (await res.json()) as { url: string; duration: number };
    expect(clip.duration).toBeGreaterThan(0.5);
    const mp3 = await fetch(`${server.url}${clip.url}`);
    expect(mp3.status).toBe(200);
    const file = path.join(dir, 'demo.mp3');
    await writeFile(file, Buffer.from(await mp3.arrayBuffer()));
    const probe = await probeMedia(file);
    expect(probe.streams[0]).toMatchObject({ type: 'audio', codec: 'mp3' });
    expect(Math.abs(probe.duration - clip.duration)).toBeLessThan(0.1);
  });
});

describe('with no ffmpeg on PATH and none installed by npm', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ NODE_OPTIONS: `--require ${hideBundled}` });
  }, 90_000);
  afterAll(() => server?.stop());

  it('says so at start, with what to install', async () => {
    await vi.waitFor(() => expect(server.output()).toContain('Rendering and speech will fail'), { timeout: 20_000 });
    expect(server.output()).toContain('ffmpeg is not installed');
    expect(server.output()).toContain('apt-get install ffmpeg');
  });

  it('answers a voice demo and the music list with 503 ffmpeg_missing naming what to install', async () => {
    for (const url of [DEMO, '/api/members/music']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: string; code: string };
      expect(body.code).toBe('ffmpeg_missing');
      expect(body.error).toContain('apt-get install ffmpeg');
      expect(body.error).toContain('npm install');
    }
  });
});

describe('the render CLI with no ffmpeg on PATH', () => {
  it('renders a movie with a picture, a video clip and narration to H.264 + AAC', async () => {
    const picture = createCanvas(160, 90);
    const ctx = picture.getContext('2d');
    ctx.fillStyle = '#d04020';
    ctx.fillRect(0, 0, 160, 90);
    await writeFile(path.join(dir, 'photo.png'), picture.toBuffer('image/png'));
    const tone = path.join(dir, 'tone.wav');
    await runTool('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', tone]);
    await runTool('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=10:duration=1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path.join(dir, 'clip.mp4')],
    ]);
    const box = { left: 0.05, top: 0.1, width: 0.4, height: 0.8 };
    const timing = { start: 0, stop: 1 };
    const movie = MovieSchema.parse({
      size: { width: 640, height: 360 },
      frames: [
        {
          id: 'one',
          duration: 1,
          items: [
            { id: 'photo', type: 'image', timing, box, url: 'photo.png' },
            { id: 'clip', type: 'video', timing, box: { ...box, left: 0.55 }, url: 'clip.mp4' },
            { id: 'voice', type: 'audio', timing, box, url: 'tone.wav' },
          ],
        },
        { id: 'two', duration: 1, items: [{ id: 'voice2', type: 'audio', timing, box, url: 'tone.wav' }] },
      ],
    });
    const project = path.join(dir, 'project.json');
    await writeFile(project, JSON.stringify({ schemaVersion: 2, wizard: {}, video: movie }));
    const output = path.join(dir, 'out.mp4');
    const args = ['--import', 'tsx', 'apps/server/src/main.ts', 'render', project, output];
    const child = spawn(process.execPath, [...args, '--width', '320', '--fps', '10', '--chunks', '2'], {
      cwd: repoRoot,
      env: { ...process.env, PATH: noPrograms },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    child.stdout.on('data', (chunk) => {
      printed += chunk;
    });
    child.stderr.on('data', (chunk) => {
      printed += chunk;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code, printed).toBe(0);
    const probe = await probeMedia(output, { countFrames: true });
    expect(probe.streams.find((s) => s.type === 'video')).toMatchObject({ codec: 'h264', width: 320, frames: 20 });
    expect(probe.streams.find((s) => s.type === 'audio')).toMatchObject({ codec: 'aac', channels: 2 });
    expect(probe.duration).toBeCloseTo(2, 1);
    // The narration of both slides is heard where it was placed (the mix's delays and sum).
    const raw = await runTool('ffmpeg', ['-v', 'error', '-i', output, '-ac', '1', '-ar', '8000', '-f', 'f32le', '-']);
    const samples = new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
    const rms = (from: number, to: number) => {
      const part = samples.subarray(from * 8000, to * 8000);
      return Math.sqrt(part.reduce((sum, v) => sum + v * v, 0) / part.length);
    };
    expect(rms(0.1, 0.9)).toBeGreaterThan(0.05);
    expect(rms(1.1, 1.9)).toBeGreaterThan(0.05);
  }, 120_000);
});
