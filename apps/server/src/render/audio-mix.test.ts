import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from '../ffmpeg/ffmpeg';
import { atempoChain, compileAudioMix, type MixClip } from './audio-mix';

let dir: string;
let tone: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'reelwright-mix-test-'));
  tone = path.join(dir, 'tone.wav');
  // 2 s of 440 Hz at amplitude 1/8 (RMS 0.088).
  await runTool('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', tone]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const clip = (overrides: Partial<MixClip>): MixClip => ({
  kind: 'narration',
  url: 'tone.wav',
  path: tone,
  start: 0,
  offset: 0,
  duration: 1,
  rate: 1,
  gain: 1,
  loop: false,
  ...overrides,
});

/** Runs a mix alone and returns its mono samples at 8 kHz. */
async function mixed(clips: MixClip[], duration: number): Promise<Float32Array> {
  const mix = compileAudioMix(clips, duration, 0);
  const raw = await runTool('ffmpeg', [
    ...['-v', 'error', ...mix.inputArgs, '-filter_complex', mix.filter, '-map', mix.output],
    ...['-ac', '1', '-ar', '8000', '-f', 'f32le', '-'],
  ]);
  return new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
}

const rms = (samples: Float32Array, from: number, to: number) => {
  const part = samples.subarray(Math.round(from * 8000), Math.round(to * 8000));
  return Math.sqrt(part.reduce((sum, v) => sum + v * v, 0) / part.length);
};

describe('compileAudioMix', () => {
  it('chains atempo below 0.5', () => {
    expect(atempoChain(1)).toEqual([]);
    expect(atempoChain(2)).toEqual(['atempo=2']);
    expect(atempoChain(0.25)).toEqual(['atempo=0.5', 'atempo=0.5']);
    expect(atempoChain(0.3)).toEqual(['atempo=0.5', 'atempo=0.6']);
  });

  it('makes a silent track of the movie length without clips', async () => {
    const samples = await mixed([], 1.5);
    expect(samples.length).toBe(12_000);
    expect(rms(samples, 0, 1.5)).toBe(0);
  });

  it('places, scales and sums clips without dividing by their count, cut to the duration', async () => {
    const samples = await mixed(
      [clip({ start: 0.5, duration: 1, gain: 0.5 }), clip({ start: 1, duration: 1, gain: 0.5 })],
      3,
    );
    expect(samples.length).toBe(24_000);
    const one = 0.125 / Math.SQRT2;
    expect(rms(samples, 0.1, 0.45)).toBeLessThan(1e-4);
    expect(rms(samples, 0.6, 0.9)).toBeCloseTo(one / 2, 2);
    // Both play 1–1.5 s: the same tone half a second apart (220 periods), so in phase.
    expect(rms(samples, 1.1, 1.4)).toBeCloseTo(one, 2);
    expect(rms(samples, 1.6, 1.9)).toBeCloseTo(one / 2, 2);
    expect(rms(samples, 2.1, 2.9)).toBeLessThan(1e-4);
  });

  it('loops a source to fill its clip, starting at the offset wrapped around its length', async () => {
    const music = clip({ kind: 'music', loop: true, offset: 5, duration: 5, sourceDuration: 2 });
    expect(compileAudioMix([music], 5, 1).inputArgs).toEqual(['-stream_loop', '-1', '-ss', '1', '-i', tone]);
    const samples = await mixed([music], 5);
    expect(samples.length).toBe(40_000);
    for (const [from, to] of [
      [0.1, 0.9],
      [1.1, 1.9],
      [3.1, 4.9],
    ] as const) {
      expect(rms(samples, from, to)).toBeCloseTo(0.125 / Math.SQRT2, 2);
    }
  });

  it('plays a clip faster with atempo', async () => {
    // 2 s of source at rate 2 fill 1 s of movie time.
    const samples = await mixed([clip({ duration: 1, rate: 2 })], 2);
    expect(rms(samples, 0.1, 0.9)).toBeCloseTo(0.125 / Math.SQRT2, 2);
    expect(rms(samples, 1.1, 1.9)).toBeLessThan(1e-4);
  });
});
