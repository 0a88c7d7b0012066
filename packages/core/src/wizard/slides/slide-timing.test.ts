import { describe, expect, it } from 'vitest';
import { SlideTextSchema } from './schema';
import { lineTimings, narrationSeconds, slideSeconds } from './slide-timing';

const text = (audio: Record<string, unknown> = {}, minDuration = 0) =>
  SlideTextSchema.parse({ id: 't', text: 'x', audio, minDuration });

describe('lineTimings (spec 001 §9)', () => {
  it('gives each line without narration 3 s, with 0.15 s between lines', () => {
    expect(lineTimings([text(), text(), text()], 'free_tts')).toEqual([
      { start: 0, stop: 3, next: 3.15 },
      { start: 3.15, stop: 6.15, next: 6.3 },
      { start: 6.3, stop: 9.3, next: 9.3 },
    ]);
  });

  it("makes each line last its narration's duration", () => {
    const timings = lineTimings(
      [text({ url: 'a.mp3', duration: 4.2 }), text({ url: 'b.mp3', duration: 5 })],
      'free_tts',
    );
    expect(timings).toEqual([
      { start: 0, stop: 4.2, next: 4.35 },
      { start: 4.35, stop: 9.35, next: 9.35 },
    ]);
    expect(slideSeconds(timings)).toBe(9.35);
  });

  it('extends the last line to at least 2.5 s, and only the last', () => {
    const short = { url: 'a.mp3', duration: 1 };
    expect(lineTimings([text(short), text(short)], 'free_tts')).toEqual([
      { start: 0, stop: 1, next: 1.15 },
      { start: 1.15, stop: 3.65, next: 3.65 },
    ]);
  });

  it("uses a sync line's start and end, and ignores audio when the slide does not narrate", () => {
    expect(
      narrationSeconds(text({ url: 'vo.mp3', type: 'sync', startTime: 2, endTime: 6.5, duration: 60 }), 'mp3'),
    ).toBe(4.5);
    expect(narrationSeconds(text({ url: 'a.mp3', duration: 4 }), 'none')).toBeUndefined();
    expect(narrationSeconds(text({ url: '', duration: 4 }), 'free_tts')).toBeUndefined();
    expect(narrationSeconds(text({ url: 'a.mp3' }), 'free_tts')).toBeUndefined();
  });

  it("honours a line's minimum duration", () => {
    expect(lineTimings([text({ url: 'a.mp3', duration: 2 }, 7)], 'free_tts')).toEqual([{ start: 0, stop: 7, next: 7 }]);
  });

  it('lasts 3 s without lines', () => {
    expect(slideSeconds(lineTimings([], 'none'))).toBe(3);
  });
});
