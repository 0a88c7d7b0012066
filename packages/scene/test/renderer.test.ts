/// <reference lib="dom" />
import { createCanvas } from '@napi-rs/canvas';
import { createNodeHost } from '@reelwright/canvas-node';
import { animatedBox, createTextItem, type TextItem } from '@reelwright/core';
import { boxAt, fnv1a, galleryRects, layoutText, prepareAssets } from '@reelwright/scene';
import { renderToPixels } from '@reelwright/testkit/golden';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemOf, movieOf, picture } from './support';

const ctx = createCanvas(10, 10).getContext('2d') as unknown as CanvasRenderingContext2D;
const box = { x: 0, y: 0, width: 400, height: 300 };

beforeAll(async () => {
  await createNodeHost().loadFont('Inter', 400, 'normal');
});

describe('layoutText', () => {
  const item = (text: string, overrides: Partial<TextItem> = {}) =>
    createTextItem('t', text, { fitText: false, ...overrides });

  it('wraps greedily inside the box minus padding and keeps paragraph breaks', () => {
    const layout = layoutText(ctx, item('one two three four five six seven eight nine ten\nnext'), box, 1);
    expect(layout.lines.length).toBeGreaterThan(2);
    for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(400 - 60 + 0.01);
    expect(layout.lines.at(-1)).toMatchObject({ paragraph: 1, start: 0, end: 4 });
    expect(layout.lines.filter((l) => l.paragraph === 0).map((l) => l.end - l.start)).not.toContain(0);
  });

  it('breaks a word longer than the line', () => {
    const layout = layoutText(ctx, item('Supercalifragilisticexpialidocious'), { ...box, width: 200 }, 1);
    expect(layout.lines.length).toBeGreaterThan(1);
  });

  it('shrinks the font with fitText until the lines fit the box', () => {
    const long = 'A rather long text that will never fit in a small box at the default size of the stage';
    const fitted = layoutText(ctx, item(long, { fitText: true }), { x: 0, y: 0, width: 300, height: 120 }, 1);
    expect(fitted.fontSize).toBeLessThan(48);
    expect(fitted.lines.length * fitted.lineHeight).toBeLessThanOrEqual(120 - 60 - 10);
  });

  it('reuses the layout cache when its key matches, and wraps again when it does not', () => {
    const first = layoutText(ctx, item('alpha beta gamma delta'), box, 1);
    const cache = {
      key: first.key,
      lines: [[0, 0, 10] as [number, number, number], [0, 11, 22] as [number, number, number]],
    };
    const reused = layoutText(ctx, item('alpha beta gamma delta', { layoutCache: cache }), box, 1);
    expect(reused.fromCache).toBe(true);
    expect(reused.lines.map((l) => l.pieces.map((p) => p.text).join(''))).toEqual(['alpha beta', 'gamma delta']);
    const stale = layoutText(ctx, item('alpha beta gamma delta', { layoutCache: { ...cache, key: 'x' } }), box, 1);
    expect(stale.fromCache).toBe(false);
  });

  it('keys the cache by stage-relative sizes, so a scaled preview shares the export key', () => {
    const a = layoutText(ctx, item('same text'), box, 1).key;
    const b = layoutText(ctx, item('same text'), { x: 0, y: 0, width: 200, height: 150 }, 0.5).key;
    expect(a).toBe(b);
    expect(fnv1a('hello')).toBe('4f9f2cab');
  });
});

describe('geometry', () => {
  it('interpolates keyframes linearly and applies the active keyframe exactly at its delay', () => {
    const base = { left: 0, top: 0, width: 0.5, height: 0.5, rotate: 0, opacity: 1 };
    const keyframes = [
      { delay: 1, style: { left: 0.4 } },
      { delay: 2, style: { left: 0.2, opacity: 0 } },
    ];
    expect(boxAt(base, keyframes, 0.5).left).toBeCloseTo(0.2);
    expect(boxAt(base, keyframes, 0.5).opacity).toBe(1);
    expect(boxAt(base, keyframes, 1).left).toBeCloseTo(0.4);
    expect(boxAt(base, keyframes, 1.5).left).toBeCloseTo(0.3);
    expect(boxAt(base, keyframes, 1.5).opacity).toBeCloseTo(0.5);
    expect(boxAt(base, keyframes, 9)).toMatchObject({ left: 0.2, opacity: 0 });
  });

  it("draws core's keyframe interpolation: the same box at every instant (D36)", () => {
    const base = { left: 0.1, top: 0.2, width: 0.5, height: 0.5, rotate: 10, opacity: 1 };
    const keyframes = [
      { delay: 0.5, style: { left: 0.4, rotateY: 30, scaleX: 2 } },
      { delay: 2, style: { top: 0, opacity: 0.2, rotate: -20 } },
    ];
    for (let local = -1; local <= 3; local += 0.25) {
      expect(boxAt(base, keyframes, local)).toEqual(animatedBox(base, keyframes, local));
    }
  });

  it('lays galleries out with gaps between cells only', () => {
    const rects = galleryRects({ x: 0, y: 0, width: 210, height: 100 }, 2, 10);
    expect(rects).toEqual([
      { x: 0, y: 0, width: 100, height: 100 },
      { x: 110, y: 0, width: 100, height: 100 },
    ]);
    expect(galleryRects({ x: 0, y: 0, width: 210, height: 100 }, 6, 10)).toHaveLength(6);
  });
});

describe('prepareAssets', () => {
  it('reports every missing font, image and clip, and still draws', async () => {
    const movie = movieOf(
      [
        itemOf('text', {
          paragraphs: [{ runs: [{ text: 'x' }] }],
          font: { family: 'NoSuchFont', size: 0.1, lineHeight: 1 },
        }),
        itemOf('image', { id: 'i', url: '/missing/a.png' }),
        itemOf('gallery', { id: 'g', images: [{ url: picture() }, { url: '/missing/b.png' }] }),
        itemOf('video', { id: 'v', url: 'nope.mp4' }),
      ],
      { type: 'image', url: '/missing/bg.png' },
    );
    const { missing } = await prepareAssets(movie, createNodeHost());
    expect(missing).toEqual(
      expect.arrayContaining([
        { kind: 'font', ref: 'NoSuchFont 400 normal' },
        { kind: 'image', ref: '/missing/a.png' },
        { kind: 'image', ref: '/missing/b.png' },
        { kind: 'image', ref: '/missing/bg.png' },
        { kind: 'video', ref: 'nope.mp4' },
      ]),
    );
    expect(missing).toHaveLength(5);
    await expect(renderToPixels(movie, 1, { width: 64 })).resolves.toBeDefined();
  });
});

describe('drawFrame', () => {
  const pixel = (data: Uint8ClampedArray, width: number, x: number, y: number) => [
    ...data.slice((y * width + x) * 4, (y * width + x) * 4 + 3),
  ];

  it('points a 180° linear gradient towards the bottom and 90° towards the right', async () => {
    const stops = [
      { color: '#000000', at: 0 },
      { color: '#ffffff', at: 1 },
    ];
    const down = movieOf([], { type: 'gradient', gradient: { kind: 'linear', angle: 180, stops } });
    const d = await renderToPixels(down, 0, { width: 64 });
    expect(pixel(d, 64, 32, 1)[0]).toBeLessThan(20);
    expect(pixel(d, 64, 32, 34)[0]).toBeGreaterThan(230);
    const right = movieOf([], { type: 'gradient', gradient: { kind: 'linear', angle: 90, stops } });
    const r = await renderToPixels(right, 0, { width: 64 });
    expect(pixel(r, 64, 1, 18)[0]).toBeLessThan(20);
    expect(pixel(r, 64, 62, 18)[0]).toBeGreaterThan(230);
  });

  it('draws the first item on top', async () => {
    const red = itemOf('text', { id: 'a', paragraphs: [], background: { type: 'color', color: '#ff0000' } });
    const blue = itemOf('text', { id: 'b', paragraphs: [], background: { type: 'color', color: '#0000ff' } });
    const data = await renderToPixels(movieOf([red, blue]), 1, { width: 64 });
    expect(pixel(data, 64, 32, 18)).toEqual([255, 0, 0]);
  });

  it('hides items outside their timing', async () => {
    const late = itemOf('text', {
      paragraphs: [],
      timing: { start: 2, stop: 3 },
      background: { type: 'color', color: '#ff0000' },
    });
    const data = await renderToPixels(movieOf([late], { type: 'color', color: '#000000' }), 1, { width: 64 });
    expect(pixel(data, 64, 32, 18)).toEqual([0, 0, 0]);
  });
});
