import { describe, expect, it } from 'vitest';
import { chunkCount } from './split-plan';

/** D87: a long video is split into as many chunks as worker slots are free, within bounds. */
describe('chunkCount', () => {
  const minutes = (m: number) => ({ width: 320, height: 180, fps: 30, frames: m * 60 * 30 });
  const sizing = { chunkSeconds: 300, minChunkSeconds: 30, maxChunks: 32 };

  it('follows the free worker slots', () => {
    expect(chunkCount(minutes(20), sizing, 4)).toBe(4);
    expect(chunkCount(minutes(20), sizing, 10)).toBe(10);
    expect(chunkCount(minutes(20), sizing, 17)).toBe(17);
  });

  it('keeps chunks no longer than chunkSeconds when few slots are free', () => {
    expect(chunkCount(minutes(20), sizing, 0)).toBe(4);
    expect(chunkCount(minutes(20), sizing, 1)).toBe(4);
  });

  it('cuts no chunk shorter than minChunkSeconds and no more than maxChunks', () => {
    expect(chunkCount(minutes(6), sizing, 40)).toBe(12);
    expect(chunkCount(minutes(60), sizing, 100)).toBe(32);
    expect(chunkCount(minutes(60), { ...sizing, maxChunks: 4 }, 100)).toBe(12);
  });

  it('does not split a video up to chunkSeconds, nor any with 0', () => {
    expect(chunkCount(minutes(5), sizing, 8)).toBe(1);
    expect(chunkCount(minutes(20), { ...sizing, chunkSeconds: 0 }, 8)).toBe(1);
  });
});
