import { describe, expect, it } from 'vitest';
import { splitStagger, type TextSplit } from './split';

describe('splitStagger', () => {
  const splits: TextSplit[] = ['words', 'chars', 'lines'];
  const cases = splits.flatMap((split) =>
    [1, 2, 3, 7, 40, 500].flatMap((count) => [0.3, 0.5, 1, 2.5].map((duration) => [split, count, duration] as const)),
  );

  it.each(cases)('%s × %i over %f s stays within the duration, in order', (split, count, duration) => {
    const { delays, unitDuration } = splitStagger(split, count, duration);
    expect(delays).toHaveLength(count);
    expect(delays[0]).toBe(0);
    expect(unitDuration).toBeGreaterThan(0);
    expect(unitDuration).toBeLessThanOrEqual(duration);
    for (let i = 1; i < delays.length; i++) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
    for (const d of delays) expect(d + unitDuration).toBeLessThanOrEqual(duration + 1e-9);
    expect(Math.abs(delays.at(-1)! + unitDuration - duration)).toBeLessThan(1e-9);
    expect(splitStagger(split, count, duration)).toEqual({ delays, unitDuration });
  });

  it('gives a single unit the whole duration and no units nothing', () => {
    expect(splitStagger('words', 1, 0.8)).toEqual({ delays: [0], unitDuration: 0.8 });
    expect(splitStagger('chars', 0, 0.8)).toEqual({ delays: [], unitDuration: 0.8 });
    expect(splitStagger('lines', Number.NaN, Number.NaN)).toEqual({ delays: [], unitDuration: 0 });
    expect(splitStagger('lines', 3, -1).delays.every((d) => d === 0)).toBe(true);
  });
});
