import { AudioItemSchema, createFrame, emptyProjectData, type ProjectData } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { applyTrim } from './trim';
import { encodeWav, sliceChannels } from './wav';

describe('cutting a region to WAV', () => {
  it('slices every channel at the region, in samples', () => {
    const left = Float32Array.from({ length: 100 }, (_, i) => i / 100);
    const right = Float32Array.from({ length: 100 }, (_, i) => -i / 100);
    const [l, r] = sliceChannels([left, right], 10, { start: 2, end: 5.5 });
    expect(l?.length).toBe(35);
    expect(l?.[0]).toBeCloseTo(0.2);
    expect(r?.[34]).toBeCloseTo(-0.54);
  });

  it('clips the slice to the samples there are', () => {
    const [only] = sliceChannels([new Float32Array(10)], 10, { start: 0.5, end: 3 });
    expect(only?.length).toBe(5);
  });

  it('writes a 16-bit PCM WAV header and interleaved, clipped samples', () => {
    const wav = encodeWav([Float32Array.of(0, 1, 2), Float32Array.of(-1, -0.5, 0)], 8000);
    const view = new DataView(wav);
    const text = (at: number, n: number) => String.fromCharCode(...new Uint8Array(wav, at, n));
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 4)).toBe('WAVE');
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint32(40, true)).toBe(12);
    expect(wav.byteLength).toBe(56);
    const samples = Array.from({ length: 6 }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(samples).toEqual([0, -32768, 32767, -16384, 32767, 0]);
  });
});

describe("'Save audio' on the project", () => {
  const item = AudioItemSchema.parse({
    id: 'voice-1',
    type: 'audio',
    url: '/media/recordings/long.mp3',
    duration: 6,
    timing: { start: 1.5, stop: 7.5 },
    box: { left: 0, top: 0, width: 0.1, height: 0.1 },
  });
  const project = (): ProjectData => ({
    ...emptyProjectData(),
    video: { ...emptyProjectData().video, frames: [createFrame('f', { duration: 8, items: [item] })] },
  });

  it('points the item at the trimmed file and shortens its timing from where it starts', () => {
    const data = project();
    applyTrim({ frameId: 'f', itemId: 'voice-1' }, { url: '/media/recordings/cut.mp3', duration: 2.345 })(data);
    expect(data.video.frames[0]?.items[0]).toMatchObject({
      url: '/media/recordings/cut.mp3',
      duration: 2.345,
      timing: { start: 1.5, stop: 3.85 },
    });
  });

  it('leaves a deleted item alone', () => {
    const data = project();
    applyTrim({ frameId: 'f', itemId: 'gone' }, { url: '/x.mp3', duration: 1 })(data);
    expect(data).toEqual(project());
  });
});
