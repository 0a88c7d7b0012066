import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { type Movie, MovieSchema } from '@reelwright/core';
import { drawFrame, prepareAssets } from '@reelwright/scene';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from '../ffmpeg/ffmpeg';
import { probeMedia } from '../ffmpeg/probe';
import { chunkRanges, defaultChunks, MissingAssetsError, renderHost, renderMovie, thumbnailTime } from './pipeline';

const WIDTH = 320;
const HEIGHT = 180;
const FPS = 15;
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
let dir: string;

/** A PNG (or JPEG, by its name) of two colour bands with a diagonal, as a file in the fixture directory. */
function writePng(name: string, a: string, b: string): void {
  const canvas = createCanvas(160, 90);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = a;
  ctx.fillRect(0, 0, 160, 90);
  ctx.fillStyle = b;
  ctx.fillRect(0, 45, 160, 45);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 6;
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo(160, 90);
  ctx.stroke();
  writeFileSync(
    path.join(dir, name),
    name.endsWith('.jpg') ? canvas.toBuffer('image/jpeg') : canvas.toBuffer('image/png'),
  );
}

const box = { left: 0.05, top: 0.1, width: 0.9, height: 0.8 };
const timing = (stop: number) => ({ start: 0, stop });

/**
 * Two slides of 1.5 s: an image, a caption and a 1 s narration tone; then a gallery and a silent
 * video clip (testsrc2). Media paths are relative to the fixture directory.
 */
function fixtureMovie(): Movie {
  return MovieSchema.parse({
    size: { width: 640, height: 360 },
    frames: [
      {
        id: 'one',
        duration: 1.5,
        background: { type: 'color', color: '#203040' },
        items: [
          {
            id: 'caption',
            type: 'text',
            timing: timing(1.5),
            box: { left: 0.1, top: 0.7, width: 0.8, height: 0.2 },
            paragraphs: [{ runs: [{ text: 'Render pipeline' }] }],
            font: { family: 'Inter', size: 0.08, lineHeight: 1.2 },
          },
          { id: 'photo', type: 'image', timing: timing(1.5), box, url: 'photo.png' },
          { id: 'voice', type: 'audio', timing: timing(1.5), box, url: 'tone.wav' },
        ],
      },
      {
        id: 'two',
        duration: 1.5,
        items: [
          {
            id: 'clip',
            type: 'video',
            timing: timing(1.5),
            box: { left: 0.5, top: 0.1, width: 0.45, height: 0.8 },
            url: 'clip.mp4',
          },
          {
            id: 'pics',
            type: 'gallery',
            timing: timing(1.5),
            box: { left: 0.05, top: 0.1, width: 0.4, height: 0.8 },
            images: [{ url: 'photo.png' }, { url: 'other.png' }],
          },
        ],
      },
    ],
  });
}

/** One decoded frame of an MP4 at `t`, as RGBA (BT.709, the encoder's matrix). */
async function decodedFrame(file: string, t: number): Promise<Buffer> {
  return runTool('ffmpeg', [
    ...['-v', 'error', '-ss', String(t), '-i', file, '-frames:v', '1'],
    ...['-vf', 'scale=in_color_matrix=bt709:in_range=tv', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
  ]);
}

/** Mono PCM samples (float, 8 kHz) of a file's sound. */
async function pcm(file: string): Promise<Float32Array> {
  const raw = await runTool('ffmpeg', ['-v', 'error', '-i', file, '-ac', '1', '-ar', '8000', '-f', 'f32le', '-']);
  return new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
}

const rms = (samples: Float32Array, from: number, to: number) => {
  const part = samples.subarray(Math.round(from * 8000), Math.round(to * 8000));
  return Math.sqrt(part.reduce((sum, v) => sum + v * v, 0) / part.length);
};

const meanAbsDiff = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    if (i % 4 === 3) continue;
    sum += Math.abs(a[i]! - b[i]!);
    count++;
  }
  return sum / count;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'reelwright-render-test-'));
  writePng('photo.png', '#d04020', '#2060c0');
  writePng('other.png', '#20a040', '#e0c020');
  writePng('photo.jpg', '#d04020', '#2060c0');
  await runTool('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=1',
    path.join(dir, 'tone.wav'),
  ]);
  await runTool('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${HEIGHT}:rate=${FPS}:duration=2`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path.join(dir, 'clip.mp4')],
  ]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('renderMovie', () => {
  it('renders every item type to H.264 + AAC of the exact length, matching drawFrame', async () => {
    const movie = fixtureMovie();
    const output = path.join(dir, 'out.mp4');
    const progress: number[] = [];
    const result = await renderMovie({
      movie,
      output,
      width: WIDTH,
      fps: FPS,
      localFiles: dir,
      onProgress: ({ frame }) => progress.push(frame),
    });
    expect(result).toMatchObject({ duration: 3, frames: 45, chunks: 1 });
    expect(progress).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));

    const probe = await probeMedia(output, { countFrames: true });
    expect(probe.size).toBe(result.bytes);
    expect(Math.abs(probe.duration - 3)).toBeLessThanOrEqual(1 / FPS);
    const video = probe.streams.find((s) => s.type === 'video');
    const audio = probe.streams.find((s) => s.type === 'audio');
    expect(video).toMatchObject({ codec: 'h264', width: WIDTH, height: HEIGHT, frames: 45 });
    expect(audio).toMatchObject({ codec: 'aac' });
    expect(Math.abs(audio!.duration! - 3)).toBeLessThanOrEqual(1 / FPS);

    // The pixels: decoded frames against drawFrame on the same assets.
    const { assets } = await prepareAssets(movie, renderHost(dir, dir, FPS, WIDTH, HEIGHT));
    const canvas = createCanvas(WIDTH, HEIGHT);
    const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
    const diffs: number[] = [];
    for (const frame of [3, 20, 25, 40]) {
      drawFrame(ctx, movie, frame / FPS, assets);
      diffs.push(meanAbsDiff(await decodedFrame(output, frame / FPS), canvas.data()));
    }
    console.log(`mean abs diff per channel, decoded vs drawFrame: ${diffs.map((d) => d.toFixed(2)).join(', ')}`);
    for (const diff of diffs) expect(diff).toBeLessThanOrEqual(6);

    // The sound: the narration tone (lavfi sine, amplitude 1/8: RMS 0.088) at full gain in the
    // first second, silence after it and on the second slide.
    const samples = await pcm(output);
    expect(rms(samples, 0.2, 0.8)).toBeCloseTo(0.125 / Math.SQRT2, 2);
    expect(rms(samples, 1.2, 1.4)).toBeLessThan(0.001);
    expect(rms(samples, 1.8, 2.8)).toBeLessThan(0.001);
  });

  it("composes the wizard's photo slides (a JPEG with Ken Burns under a caption) as drawFrame draws them", async () => {
    const movie = MovieSchema.parse({
      size: { width: 640, height: 360 },
      frames: [
        {
          id: 'slide',
          duration: 1.5,
          items: [
            {
              id: 'caption',
              type: 'text',
              timing: timing(1.5),
              box: { left: 0.05, top: 0.68, width: 0.9, height: 0.26 },
              paragraphs: [{ runs: [{ text: 'Bees in the city', bold: true }] }],
              font: { family: 'Inter', size: 0.08 },
              color: '#ffffff',
              container: { backgroundColor: '#000000', backgroundAlpha: 0.55 },
              fx: { show: { name: 'fade', duration: 0.5 } },
            },
            {
              id: 'photo',
              type: 'image',
              timing: timing(1.5),
              box: { left: 0, top: 0, width: 1, height: 1 },
              url: 'photo.jpg',
              kenBurns: { fromScale: 1, toScale: 1.1 },
            },
          ],
        },
      ],
    });
    const output = path.join(dir, 'slides.mp4');
    const result = await renderMovie({ movie, output, width: WIDTH, fps: FPS, localFiles: dir });
    expect(result).toMatchObject({ frames: 23 });
    const { assets } = await prepareAssets(movie, renderHost(dir, dir, FPS, WIDTH, HEIGHT));
    const canvas = createCanvas(WIDTH, HEIGHT);
    const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
    for (const frame of [2, 12, 21]) {
      drawFrame(ctx, movie, frame / FPS, assets);
      expect(meanAbsDiff(await decodedFrame(output, frame / FPS), canvas.data())).toBeLessThanOrEqual(6);
    }
  });

  it('fails listing every missing asset and leaves the existing output untouched', async () => {
    const output = path.join(dir, 'kept.mp4');
    writeFileSync(output, 'a good earlier render');
    const movie = fixtureMovie();
    movie.frames[0]!.items = movie.frames[0]!.items.map((item) =>
      item.type === 'image'
        ? { ...item, url: 'gone.png' }
        : item.type === 'audio'
          ? { ...item, url: 'gone.wav' }
          : item,
    );
    const failure = renderMovie({ movie, output, width: WIDTH, fps: FPS, localFiles: dir });
    await expect(failure).rejects.toBeInstanceOf(MissingAssetsError);
    await expect(failure).rejects.toMatchObject({
      missing: [
        { kind: 'image', ref: 'gone.png' },
        { kind: 'audio', ref: 'gone.wav' },
      ],
    });
    expect(readFileSync(output, 'utf8')).toBe('a good earlier render');
  });

  it('refuses remote media', async () => {
    const movie = fixtureMovie();
    movie.audio.url = 'https://example.com/music.mp3';
    await expect(renderMovie({ movie, output: path.join(dir, 'remote.mp4'), localFiles: dir })).rejects.toThrow(
      /cannot be read here.*https:\/\/example.com\/music.mp3/,
    );
  });
});

/** Key-frame flag and timestamp of every decoded video frame. */
async function videoFrames(file: string): Promise<{ key: boolean; pts: number }[]> {
  const csv = await runTool('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v', '-show_entries', 'frame=key_frame,pts_time', '-of', 'csv=p=0', file],
  ]);
  return csv
    .toString()
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '') // a keyframe's side data prints an empty section
    .map((line) => {
      const [key, pts] = line.split(',');
      return { key: key === '1', pts: Number(pts) };
    });
}

describe('chunked rendering', () => {
  it('splits the timeline into chunks and joins them without re-encoding, exactly', async () => {
    const movie = fixtureMovie();
    const output = path.join(dir, 'chunks.mp4');
    const thumbnail = path.join(dir, 'thumb.jpg');
    const progress: number[] = [];
    const result = await renderMovie({
      movie,
      output,
      width: WIDTH,
      fps: FPS,
      localFiles: dir,
      chunks: 3,
      thumbnail,
      onProgress: ({ frame, frames }) => {
        expect(frames).toBe(45);
        progress.push(frame);
      },
    });
    expect(result).toMatchObject({ duration: 3, frames: 45, chunks: 3, thumbnail });
    // Progress counts every frame once, across the three workers.
    expect(progress).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));

    const probe = await probeMedia(output, { countFrames: true });
    expect(probe.size).toBe(result.bytes);
    expect(Math.abs(probe.duration - 3)).toBeLessThanOrEqual(1 / FPS);
    const video = probe.streams.find((s) => s.type === 'video');
    expect(video).toMatchObject({ codec: 'h264', width: WIDTH, height: HEIGHT, frames: 45 });
    expect(Math.abs(video!.duration! - 3)).toBeLessThanOrEqual(1e-3);
    const audio = probe.streams.find((s) => s.type === 'audio');
    expect(Math.abs(audio!.duration! - 3)).toBeLessThanOrEqual(1 / FPS);

    // Every frame at its time (no duplicated, dropped or shifted frame at a join) and a keyframe
    // where each chunk starts (frames 0, 15 and 30).
    const frames = await videoFrames(output);
    expect(frames).toHaveLength(45);
    frames.forEach((frame, i) => {
      expect(Math.abs(frame.pts - i / FPS)).toBeLessThan(1e-3);
    });
    for (const start of [0, 15, 30]) expect(frames[start]!.key).toBe(true);

    // The frames either side of each join look like drawFrame.
    const { assets } = await prepareAssets(movie, renderHost(dir, dir, FPS, WIDTH, HEIGHT));
    const canvas = createCanvas(WIDTH, HEIGHT);
    const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
    for (const frame of [14, 15, 29, 30]) {
      drawFrame(ctx, movie, frame / FPS, assets);
      expect(meanAbsDiff(await decodedFrame(output, frame / FPS), canvas.data())).toBeLessThanOrEqual(6);
    }

    // The thumbnail: a 640-px-wide JPEG of the first slide's middle (0.75 s).
    const jpeg = readFileSync(thumbnail);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const image = await loadImage(jpeg);
    expect([image.width, image.height]).toEqual([640, 360]);
    const big = createCanvas(640, 360);
    const bigCtx = big.getContext('2d') as unknown as CanvasRenderingContext2D;
    drawFrame(bigCtx, movie, 0.75, assets);
    const drawn = big.data();
    bigCtx.drawImage(image as unknown as CanvasImageSource, 0, 0);
    expect(meanAbsDiff(big.data(), drawn)).toBeLessThanOrEqual(4);
  });

  it('picks chunk ranges and counts', () => {
    expect(chunkRanges(45, 3)).toEqual([
      { first: 0, end: 15 },
      { first: 15, end: 30 },
      { first: 30, end: 45 },
    ]);
    expect(chunkRanges(10, 4).map((r) => r.end - r.first)).toEqual([3, 2, 3, 2]);
    expect(chunkRanges(2, 8)).toHaveLength(2);
    expect(chunkRanges(7, Number.NaN)).toEqual([{ first: 0, end: 7 }]);
    expect(defaultChunks(90, 30, 8)).toBe(1); // 3 s: one chunk whatever the cores
    expect(defaultChunks(1800, 30, 2)).toBe(1); // slides-60 on 2 cores
    expect(defaultChunks(1800, 30, 8)).toBe(3); // 60 s: at most 3 chunks of 20 s
    expect(defaultChunks(18000, 30, 8)).toBe(4); // 10 min on 8 cores: one per two cores
    expect(thumbnailTime(fixtureMovie(), 3)).toBe(0.75);
  });
});

describe('render CLI', () => {
  it('renders a project document end to end', async () => {
    const project = path.join(dir, 'project.json');
    writeFileSync(project, JSON.stringify({ schemaVersion: 2, wizard: {}, video: fixtureMovie() }));
    const output = path.join(dir, 'cli.mp4');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/main.ts', 'render', project, output, '--width', '320', '--fps', '10'],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(run.stderr).toContain('render: 100% (30/30 frames)');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Rendered .*cli\.mp4: 3\.00 s, 30 frames/);
    const probe = await probeMedia(output, { countFrames: true });
    expect(probe.streams.find((s) => s.type === 'video')).toMatchObject({ width: 320, height: 180, frames: 30 });
  });
});
