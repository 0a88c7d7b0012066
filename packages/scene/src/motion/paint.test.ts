import { describe, expect, it } from 'vitest';
import { effectsByFamily, paintContainerBackground, paintHighlighter } from './catalogue';
import { lineSweeps, withAlpha } from './paint-util';
import { type Box, recordingContext } from './recording-context.test-helper';
import type { PaintEffect, Rect } from './types';

const COLORS = ['#ffcc00', '#0af', '#ff000080', 'rgb(12, 34, 56)', 'rgba(12,34,56,0.5)', 'tomato'];

const inside = (box: Box, area: Rect, margin: number) =>
  box.x0 >= area.x - margin &&
  box.y0 >= area.y - margin &&
  box.x1 <= area.x + area.width + margin &&
  box.y1 <= area.y + area.height + margin;

/** Paints once on a fresh recording context and checks what a real canvas would refuse. */
const record = (effect: PaintEffect, rects: Rect[], at: number, color: string, scale: number) => {
  const rec = recordingContext();
  effect.paint(rec.ctx, rects, at, color, scale);
  expect(rec.problems, `${effect.name} @${at}`).toEqual([]);
  expect(rec.depth(), `${effect.name} leaves save/restore balanced`).toBe(0);
  return rec;
};

const byName = (effects: readonly PaintEffect[]) => effects.map((e) => [e.name, e] as const);

describe('highlighters', () => {
  const lines: Rect[] = [
    { x: 100, y: 100, width: 600, height: 60 },
    { x: 140, y: 170, width: 320, height: 60 },
    { x: 120, y: 240, width: 10, height: 60 },
  ];

  it.each(byName(effectsByFamily('highlighter')))('%s draws over its lines only, sweeping', (_, effect) => {
    for (const scale of [0.5, 1, 2]) {
      for (const color of COLORS) {
        for (const progress of [0.01, 0.3, 0.55, 0.9, 1]) {
          const rec = record(effect, lines, progress, color, scale);
          for (const box of rec.painted) {
            const ok = lines.some((r) => inside(box, r, 0.35 * r.height + 4 * scale));
            expect(ok, `${effect.name} @${progress} painted ${JSON.stringify(box)}`).toBe(true);
          }
        }
      }
    }
    expect(record(effect, lines, 0, '#fff', 1).painted).toEqual([]);
    expect(record(effect, lines, 1, '#fff', 1).painted.length).toBeGreaterThan(0);
    expect(record(effect, [], 1, '#fff', 1).calls).toEqual([]);
  });

  it('sweeps the first line before the next', () => {
    const marker = effectsByFamily('highlighter').find((e) => e.name === 'marker')!;
    const rec = record(marker, lines, 0.2, '#ff0', 1);
    expect(rec.painted.every((box) => box.y1 <= lines[0]!.y + lines[0]!.height)).toBe(true);
    expect(lineSweeps(lines, 0.5).map((q) => Math.round(q * 100) / 100)).toEqual([0.78, 0, 0]);
    expect(lineSweeps(lines, 1)).toEqual([1, 1, 1]);
  });
});

describe('container backgrounds', () => {
  const boxes: Rect[][] = [
    [{ x: 100, y: 50, width: 400, height: 200 }],
    [{ x: 0, y: 0, width: 1024, height: 576 }],
    [
      { x: 20, y: 300, width: 120, height: 500 },
      { x: 700, y: 30, width: 60, height: 30 },
    ],
  ];
  const times = [0, 0.016, 0.37, 1.5, 2.999, 7.9, 31.4, 59.99];

  it.each(byName(effectsByFamily('container-background')))('%s paints only inside its box', (_, effect) => {
    for (const rects of boxes) {
      for (const time of times) {
        const rec = record(effect, rects, time, COLORS[Math.round(time) % COLORS.length]!, time > 5 ? 2 : 1);
        expect(rec.painted.length, `${effect.name} @${time} paints something`).toBeGreaterThan(0);
        for (const box of rec.painted) {
          const ok = rects.some((r) => inside(box, r, 0.5));
          expect(ok, `${effect.name} @${time} painted ${JSON.stringify(box)}`).toBe(true);
        }
      }
    }
  });

  it.each(byName(effectsByFamily('container-background')))('%s is a pure function of time', (_, effect) => {
    const rects = boxes[0]!;
    const calls = (time: number) => JSON.stringify(record(effect, rects, time, '#336699', 1).calls);
    const later = calls(4.2);
    const first = calls(1.1);
    expect(calls(4.2)).toBe(later);
    expect(calls(1.1)).toBe(first);
    expect(record(effect, rects, -3, '#336699', 1).problems).toEqual([]);
  });

  it('keeps a moving background moving', () => {
    const rects = boxes[0]!;
    const moving = effectsByFamily('container-background').filter((effect) => {
      const at = (time: number) => JSON.stringify(record(effect, rects, time, '#336699', 1).calls);
      return at(0.3) !== at(0.9);
    });
    expect(moving.map((e) => e.name)).toEqual(effectsByFamily('container-background').map((e) => e.name));
  });
});

describe('catalogue paint helpers', () => {
  it('paints known effects and skips unknown ones', () => {
    const rec = recordingContext();
    expect(paintHighlighter(rec.ctx, 'underline', [{ x: 0, y: 0, width: 100, height: 20 }], 1, '#000', 1)).toBe(true);
    expect(paintHighlighter(rec.ctx, 'nope', [{ x: 0, y: 0, width: 100, height: 20 }], 1, '#000', 1)).toBe(false);
    expect(paintContainerBackground(rec.ctx, 'grid', [{ x: 0, y: 0, width: 100, height: 20 }], 1, '#000', 1)).toBe(
      true,
    );
    expect(paintContainerBackground(rec.ctx, undefined, [{ x: 0, y: 0, width: 100, height: 20 }], 1, '#000', 1)).toBe(
      false,
    );
    expect(rec.problems).toEqual([]);
  });
});

describe('withAlpha', () => {
  it('multiplies the alpha of hex and rgb colours and leaves others alone', () => {
    expect(withAlpha('#ff8800', 0.5)).toBe('rgba(255,136,0,0.5)');
    expect(withAlpha('#f80', 1)).toBe('rgba(255,136,0,1)');
    expect(withAlpha('#ff880080', 0.5)).toBe('rgba(255,136,0,0.251)');
    expect(withAlpha('rgba(1, 2, 3, 0.5)', 0.5)).toBe('rgba(1,2,3,0.25)');
    expect(withAlpha('rgb(1 2 3 / 50%)', 1)).toBe('rgba(1,2,3,0.5)');
    expect(withAlpha('#00000000', 1)).toBe('rgba(0,0,0,0)');
    expect(withAlpha('tomato', 0.3)).toBe('tomato');
  });
});
