/// <reference lib="dom" />
import { createCanvas } from '@napi-rs/canvas';
import { createNodeHost } from '@reelwright/canvas-node';
import { createTextItem, type Movie, MovieSchema, PRODUCT_WATERMARK, type TextItem } from '@reelwright/core';
import { type AssetSource, layoutText } from '@reelwright/scene';
import { beforeAll, describe, expect, it } from 'vitest';
import { clearOfWatermark } from '../src/draw/captions';
import { type DrawContext, REFERENCE_HEIGHT } from '../src/draw/context';
import { watermarkPlacement } from '../src/draw/watermark';

const ctx = createCanvas(10, 10).getContext('2d') as unknown as CanvasRenderingContext2D;

beforeAll(async () => {
  const host = createNodeHost();
  await host.loadFont('Inter', 400, 'normal');
  await host.loadFont('Inter', 600, 'normal');
});

/** The text of each laid-out line. */
const linesOf = (layout: ReturnType<typeof layoutText>) =>
  layout.lines.map((line) => line.pieces.map((piece) => piece.text).join(''));

/** Whether every line starts and ends at a word's edge in the paragraph's text. */
function breaksOnlyBetweenWords(item: TextItem, layout: ReturnType<typeof layoutText>): boolean {
  return layout.lines.every((line) => {
    const text = item.paragraphs[line.paragraph]!.runs.map((run) => run.text).join('');
    const edge = (at: number) => at <= 0 || at >= text.length || /\s/.test(text[at - 1]!) || /\s/.test(text[at]!);
    return edge(line.start) && edge(line.end);
  });
}

describe('text on a vertical video (D92)', () => {
  // A wizard title on a 1080×1920 video drawn 540 px wide: a box 0.9 of the width, the
  // wizard's large size (a fraction of the height), which makes 'Lighthouses' wider than the box.
  const scale = 960 / REFERENCE_HEIGHT;
  const box = { x: 0, y: 0, width: 486, height: 400 };
  const title = (fitText: boolean) =>
    createTextItem('t', 'Lighthouses guide ships home', {
      fitText,
      font: { family: 'Inter', size: 0.1, lineHeight: 1.25 },
    });

  it('shrinks fit-text until the longest word fits instead of breaking it', () => {
    const item = title(true);
    const layout = layoutText(ctx, item, box, scale);
    expect(linesOf(layout)).toContain('Lighthouses');
    expect(breaksOnlyBetweenWords(item, layout)).toBe(true);
    expect(layout.fontSize).toBeLessThan(0.1 * 576 * scale);
  });

  it('keeps the size when every word fits, and breaks a word only when it alone is wider than the box', () => {
    const roomy = title(true);
    const wide = layoutText(ctx, roomy, { ...box, width: 2000, height: 2000 }, scale);
    expect(wide.fontSize).toBeCloseTo(0.1 * 576 * scale, 6);
    const fixed = layoutText(ctx, title(false), box, scale);
    expect(fixed.lines.length).toBeGreaterThan(4);
    expect(breaksOnlyBetweenWords(title(false), fixed)).toBe(false);
  });

  it('lays out again lines cached under the old rules', () => {
    const item = title(true);
    const stale = { key: 'an old key', lines: [[0, 0, 6] as [number, number, number]], fontSize: 0.1 };
    expect(layoutText(ctx, { ...item, layoutCache: stale }, box, scale).fromCache).toBe(false);
  });
});

/** A draw context on a w×h output canvas for this movie. */
function contextFor(movie: Movie, width: number, height: number): DrawContext {
  const canvas = createCanvas(width, height).getContext('2d') as unknown as CanvasRenderingContext2D;
  const assets = { image: () => null } as unknown as AssetSource;
  const stage = { x: 0, y: 0, width, height };
  return { ctx: canvas, assets, movie, stage, unit: height / REFERENCE_HEIGHT, filters: true };
}
const movieSized = (width: number, height: number) =>
  MovieSchema.parse({ size: { width, height }, watermark: PRODUCT_WATERMARK });

describe('the watermark on a vertical video (D92)', () => {
  it('is sized by the shorter side and takes at most 40 % of the width', () => {
    const vertical = contextFor(movieSized(1080, 1920), 1080, 1920);
    const mark = watermarkPlacement(vertical, PRODUCT_WATERMARK)!.rect;
    expect(mark.width).toBeLessThanOrEqual(1080 * 0.4 + 0.01);
    expect(mark.x + mark.width).toBeCloseTo(1080 - 15 * (1080 / 576), 3);
    expect(mark.y + mark.height).toBeCloseTo(1920 - 15 * (1080 / 576), 3);
  });

  it('is drawn as before on a landscape video', () => {
    const landscape = contextFor(movieSized(1024, 576), 1024, 576);
    const placed = watermarkPlacement(landscape, PRODUCT_WATERMARK)!;
    expect(placed.fontSize).toBe(28);
    expect(placed.rect.y).toBe(576 - 15 - 28);
  });

  it('keeps burned-in captions above it when they would cover it', () => {
    const dc = contextFor(movieSized(1080, 1920), 1080, 1920);
    const mark = watermarkPlacement(dc, PRODUCT_WATERMARK)!.rect;
    const band = { width: 1000, height: 200 };
    const bottom = clearOfWatermark(dc, dc.movie, band, 1920 - 100);
    expect(bottom).toBeLessThan(mark.y);
    // A narrow caption that does not reach the mark stays where it was.
    expect(clearOfWatermark(dc, dc.movie, { width: 200, height: 100 }, 1820)).toBe(1820);
    const none = contextFor(MovieSchema.parse({ size: { width: 1080, height: 1920 } }), 1080, 1920);
    expect(clearOfWatermark(none, none.movie, band, 1820)).toBe(1820);
  });
});
