import type { TextItem, TextRun } from '@reelwright/core';
import type { AssetSource } from '../assets/types';
import { applyBackdrop } from '../draw/backdrop';
import type { DrawContext } from '../draw/context';
import { containerState, highlight, paintContainer, unitMotion } from '../draw/effects';
import { applyMotion } from '../draw/motion';
import { cornerRadius, rectPath } from '../draw/style';
import { findEffect } from '../motion/catalogue';
import type { Ctx2D, Rect } from '../motion/types';
import { runFont } from './fonts';
import { layoutText, type TextLayout, type TextLine } from './layout';

/** Fallback colour of marked keywords when the item sets none. */
const DEFAULT_MARK = '#ffd43b';

/** The colour of a run: its own, else the mark colour, else the bold colour, else the item's. */
export function runColor(item: TextItem, run: TextRun): string {
  if (run.color) return run.color;
  if (run.mark) return item.markColor ?? DEFAULT_MARK;
  if (run.bold && item.boldColor) return item.boldColor;
  return item.color;
}

/** A drawable unit of text: a piece, a word, a character or a line, in output pixels. */
type Glyphs = { text: string; run: TextRun; x: number; baseline: number; width: number };
type Unit = { glyphs: Glyphs[]; rect: Rect };

const rad = (deg: number) => (deg * Math.PI) / 180;

function drawGlyphs(dc: DrawContext, item: TextItem, size: number, g: Glyphs): void {
  const { ctx } = dc;
  ctx.font = runFont(item.font.family, size, g.run);
  ctx.fillStyle = runColor(item, g.run);
  ctx.fillText(g.text, g.x, g.baseline);
  if (g.run.underline) {
    const thickness = Math.max(1, size / 16);
    ctx.fillRect(g.x, g.baseline + size * 0.12, g.width, thickness);
  }
}

/** Pieces of a line in visual order with absolute x (right to left for RTL text). */
function lineGlyphs(item: TextItem, line: TextLine): Glyphs[] {
  return line.pieces.map((p) => ({
    text: p.text,
    run: p.run,
    width: p.width,
    baseline: line.baseline,
    x: item.direction === 'rtl' ? line.x + line.width - p.x - p.width : line.x + p.x,
  }));
}

/** Splits glyph runs into words or characters, measuring each prefix for its offset. */
function splitGlyphs(ctx: Ctx2D, item: TextItem, size: number, g: Glyphs, pattern: RegExp): Glyphs[] {
  ctx.font = runFont(item.font.family, size, g.run);
  const out: Glyphs[] = [];
  for (const m of g.text.matchAll(pattern)) {
    const before = ctx.measureText(g.text.slice(0, m.index)).width;
    const width = ctx.measureText(m[0]).width;
    const x = item.direction === 'rtl' ? g.x + g.width - before - width : g.x + before;
    out.push({ ...g, text: m[0], x, width });
  }
  return out;
}

function units(dc: DrawContext, item: TextItem, layout: TextLayout): Unit[] {
  const split = item.fx.split;
  const rectOf = (line: TextLine, gs: Glyphs[]): Rect => {
    const x = Math.min(...gs.map((g) => g.x));
    const right = Math.max(...gs.map((g) => g.x + g.width));
    return { x, y: line.top, width: Math.max(1, right - x), height: line.height };
  };
  const out: Unit[] = [];
  for (const line of layout.lines) {
    const gs = lineGlyphs(item, line);
    if (gs.length === 0) continue;
    if (!split || split === 'lines') {
      if (split) out.push({ glyphs: gs, rect: rectOf(line, gs) });
      else for (const g of gs) out.push({ glyphs: [g], rect: rectOf(line, [g]) });
      continue;
    }
    const pattern = split === 'words' ? /\S+/g : /\S/g;
    for (const g of gs) {
      for (const part of splitGlyphs(dc.ctx, item, layout.fontSize, g, pattern)) {
        out.push({ glyphs: [part], rect: rectOf(line, [part]) });
      }
    }
  }
  return out;
}

/**
 * The layout (and drawable units) of a text item in a box, remembered from the frame before
 * (DESIGN §7: skip work that does not change). Measuring and wrapping cost about 0.4 ms a caption
 * a frame at 1080p, most of the JavaScript time of a frame (docs/benchmarks.md), and give the
 * same answer every frame while the box holds still (show/hide/stay motion moves the context,
 * not the box). The answer depends only on the item, the box, the scale and the fonts; fonts are
 * fixed for one asset source (prepareAssets loads them before it returns one), and items are
 * immutable values, so the memo is keyed weakly by asset source and item, and holds the last box
 * and scale only. Same inputs, same layout: pixels do not change.
 */
type Memo = { rect: Rect; unit: number; layout: TextLayout; units?: Unit[] };
const memos = new WeakMap<AssetSource, WeakMap<TextItem, Memo>>();

function memoFor(dc: DrawContext, item: TextItem, rect: Rect): Memo {
  let byItem = memos.get(dc.assets);
  if (!byItem) {
    byItem = new WeakMap();
    memos.set(dc.assets, byItem);
  }
  const memo = byItem.get(item);
  const r = memo?.rect;
  const same = r && r.x === rect.x && r.y === rect.y && r.width === rect.width && r.height === rect.height;
  if (memo && same && memo.unit === dc.unit) return memo;
  const fresh: Memo = { rect: { ...rect }, unit: dc.unit, layout: layoutText(dc.ctx, item, rect, dc.unit) };
  byItem.set(item, fresh);
  return fresh;
}

function drawUnits(dc: DrawContext, item: TextItem, memo: Memo, local: number): void {
  const { ctx } = dc;
  const { layout } = memo;
  memo.units ??= units(dc, item, layout);
  const list = memo.units;
  list.forEach((unit, index) => {
    const motion = unitMotion(item, index, list.length, local);
    if (motion && motion.opacity <= 0) return;
    ctx.save();
    if (motion) applyMotion(ctx, unit.rect, motion);
    for (const g of unit.glyphs) drawGlyphs(dc, item, layout.fontSize, g);
    ctx.restore();
  });
}

function drawContainer(dc: DrawContext, item: TextItem, rect: Rect, local: number): void {
  const container = item.container;
  if (!container) return;
  const { ctx } = dc;
  ctx.save();
  if (container.animation) applyMotion(ctx, rect, containerState(item, container.animation, local));
  if (container.skew) {
    const cy = rect.y + rect.height / 2;
    ctx.transform(1, 0, -Math.tan(rad(container.skew)), 1, Math.tan(rad(container.skew)) * cy, 0);
  }
  const radius = cornerRadius(item.style, rect);
  const path = () => rectPath(ctx, rect, radius);
  if (container.backdropBlur > 0) applyBackdrop(dc, path, `blur(${container.backdropBlur * dc.unit}px)`);
  ctx.beginPath();
  path();
  ctx.save();
  ctx.globalAlpha *= container.backgroundAlpha;
  ctx.fillStyle = container.backgroundColor;
  ctx.fill();
  ctx.restore();
  if (container.backgroundFx) {
    ctx.clip();
    paintContainer(ctx, container.backgroundFx, rect, local, container.backgroundColor, dc.unit);
  }
  ctx.restore();
}

function drawHighlighter(dc: DrawContext, item: TextItem, layout: TextLayout, local: number, layer: string): void {
  const overlay = item.fx.overlay;
  if (!overlay || (findEffect('highlighter', overlay.name)?.layer ?? 'above') !== layer) return;
  const rects = layout.lines
    .filter((l) => l.width > 0)
    .map((l) => ({ x: l.x, y: l.top, width: l.width, height: l.height }));
  dc.ctx.save();
  highlight(dc.ctx, item, overlay.name, rects, local, overlay.color ?? item.markColor ?? DEFAULT_MARK, dc.unit);
  dc.ctx.restore();
}

/**
 * Draws a text item in its box (output pixels, transform already applied): the container, the
 * highlighter's 'below' layer over the line boxes, the runs (per unit when the text is split),
 * then the highlighter's 'above' layer.
 */
export function drawText(dc: DrawContext, item: TextItem, rect: Rect, local: number): TextLayout {
  const { ctx } = dc;
  const memo = memoFor(dc, item, rect);
  const { layout } = memo;
  drawContainer(dc, item, rect, local);
  drawHighlighter(dc, item, layout, local, 'below');
  ctx.save();
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.direction = item.direction;
  drawUnits(dc, item, memo, local);
  ctx.restore();
  drawHighlighter(dc, item, layout, local, 'above');
  return layout;
}
