import type { Paragraph, TextItem, TextRun } from '@reelwright/core';
import type { Ctx2D, Rect } from '../motion/types';
import { runFont } from './fonts';
import { fnv1a } from './hash';

/** A slice of one run on one line; `x` from the line's left edge. */
export type TextPiece = { text: string; run: TextRun; x: number; width: number };

/** A laid-out line: its place in the paragraph's plain text and where it is drawn. */
export type TextLine = {
  paragraph: number;
  start: number;
  end: number;
  pieces: TextPiece[];
  /** Left edge, top of the line box, baseline and sizes in output pixels. */
  x: number;
  top: number;
  baseline: number;
  width: number;
  height: number;
};

/** The text of an item laid out in a box: font size after fitting, lines, and the cache entry. */
export type TextLayout = {
  key: string;
  fontSize: number;
  lineHeight: number;
  lines: TextLine[];
  /** The box minus padding. */
  content: Rect;
  /** True when the item's layoutCache supplied the line breaks. */
  fromCache: boolean;
  /** Line breaks and fitted size (fraction of the stage height) to store in the item's layoutCache. */
  cache: { key: string; lines: [number, number, number][]; fontSize: number };
};

type Range = [number, number, number];

/** The smallest size fit-text shrinks to, output pixels. */
const MIN_FONT_PX = 4;
/** Each fit step shrinks the font by this factor. */
const FIT_STEP = 0.92;
/** Baseline below a line box's middle, in ems: centres Latin capitals and digits. */
const BASELINE_DROP = 0.36;

const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The version of the wrapping rules, part of the layout cache key: lines cached under older
 * rules (fit-text that broke a word in two instead of shrinking, D92) are laid out again.
 */
const WRAP_RULES = 2;

/**
 * The layout cache key: a hash of everything that decides line breaks, in units of a 576-high
 * stage so the editor's preview and the export agree (text with bold/italic, font, sizes, box).
 */
export function layoutKey(item: TextItem, box: Rect, scale: number): string {
  const text = item.paragraphs.map((p) => p.runs.map((r) => [r.text, r.bold ? 1 : 0, r.italic ? 1 : 0]));
  const { family, size, lineHeight } = item.font;
  const parts = [text, family, size, lineHeight, r1(box.width / scale), r1(box.height / scale)];
  return fnv1a(JSON.stringify([...parts, item.padding, item.fitPadding, item.fitText, WRAP_RULES]));
}

/** Measures the paragraph's plain text between two offsets, run by run. */
function measurer(ctx: Ctx2D, family: string, size: number) {
  return (paragraph: Paragraph, start: number, end: number): TextPiece[] => {
    const pieces: TextPiece[] = [];
    let at = 0;
    let x = 0;
    for (const run of paragraph.runs) {
      const from = Math.max(start, at);
      const to = Math.min(end, at + run.text.length);
      if (to > from) {
        const text = run.text.slice(from - at, to - at);
        ctx.font = runFont(family, size, run);
        const width = ctx.measureText(text).width;
        pieces.push({ text, run, x, width });
        x += width;
      }
      at += run.text.length;
    }
    return pieces;
  };
}

type Measure = ReturnType<typeof measurer>;
const widthOf = (pieces: TextPiece[]) => pieces.reduce((sum, p) => sum + p.width, 0);

/** Lines of text, and whether a word had to be broken across lines to make them. */
type Wrapped = { ranges: Range[]; brokeWord: boolean };

/**
 * Greedy wrapping of one paragraph to a width: breaks at spaces, and inside a word only when the
 * word alone is wider than a line.
 */
function wrapParagraph(paragraph: Paragraph, index: number, maxWidth: number, measure: Measure): Wrapped {
  const text = paragraph.runs.map((r) => r.text).join('');
  const lines: Range[] = [];
  let brokeWord = false;
  let start = -1;
  let end = -1;
  for (const match of text.matchAll(/\S+/g)) {
    const wordStart = match.index;
    const wordEnd = wordStart + match[0].length;
    if (start >= 0 && widthOf(measure(paragraph, start, wordEnd)) <= maxWidth) {
      end = wordEnd;
      continue;
    }
    if (start >= 0) lines.push([index, start, end]);
    start = wordStart;
    end = wordEnd;
    while (end - start > 1 && widthOf(measure(paragraph, start, end)) > maxWidth) {
      let cut = start + 1;
      while (cut < end && widthOf(measure(paragraph, start, cut + 1)) <= maxWidth) cut++;
      lines.push([index, start, cut]);
      brokeWord = true;
      start = cut;
    }
  }
  lines.push(start >= 0 ? [index, start, end] : [index, 0, 0]);
  return { ranges: lines, brokeWord };
}

function wrapAll(item: TextItem, maxWidth: number, measure: Measure): Wrapped {
  const paragraphs = item.paragraphs.map((p, i) => wrapParagraph(p, i, maxWidth, measure));
  return { ranges: paragraphs.flatMap((p) => p.ranges), brokeWord: paragraphs.some((p) => p.brokeWord) };
}

function inset(rect: Rect, by: number): Rect {
  const dx = Math.min(by, rect.width / 2 - 0.5);
  const dy = Math.min(by, rect.height / 2 - 0.5);
  return { x: rect.x + dx, y: rect.y + dy, width: rect.width - 2 * dx, height: rect.height - 2 * dy };
}

/**
 * Lays out a text item in a box (output pixels). `scale` is output pixels per px of a 576-high
 * stage. Wraps with our own greedy wrapping (kept paragraph breaks), or reuses the item's
 * layoutCache when its key matches; with fitText, shrinks the font in steps until the lines fit
 * the box minus padding and fitPadding with no word broken across lines (a word is broken only
 * when it is wider than the box at the smallest size, or without fitText). Pure apart from `ctx.measureText` (it sets `ctx.font`).
 */
export function layoutText(ctx: Ctx2D, item: TextItem, box: Rect, scale: number): TextLayout {
  const key = layoutKey(item, box, scale);
  const hit = item.layoutCache?.key === key ? item.layoutCache : null;
  const cached = hit ? (hit.lines as Range[]) : null;
  const content = inset(box, item.padding * scale);
  const area = item.fitText ? inset(content, item.fitPadding * scale) : content;
  // A cache entry with the fitted size is reused as it is: no refit, the editor's exact size.
  const cachedSize = hit?.fontSize ? hit.fontSize * 576 * scale : null;
  let size = cachedSize ?? item.font.size * 576 * scale;
  let ranges: Range[] = [];
  let measure = measurer(ctx, item.font.family, size);
  for (let step = 0; step < 60; step++) {
    measure = measurer(ctx, item.font.family, size);
    const wrapped = cached ? { ranges: cached, brokeWord: false } : wrapAll(item, area.width, measure);
    ranges = wrapped.ranges;
    if (!item.fitText || cachedSize !== null || size * FIT_STEP < MIN_FONT_PX) break;
    const height = ranges.length * size * item.font.lineHeight;
    const widest = Math.max(...ranges.map(([p, s, e]) => widthOf(measure(item.paragraphs[p]!, s, e))));
    if (height <= area.height && widest <= area.width + 0.01 && !wrapped.brokeWord) break;
    size *= FIT_STEP;
  }
  const lines = placeLines(item, ranges, measure, area, size);
  return {
    key,
    fontSize: size,
    lineHeight: size * item.font.lineHeight,
    lines,
    content,
    fromCache: cached !== null,
    cache: { key, lines: ranges, fontSize: Math.round((size / (576 * scale)) * 1e6) / 1e6 },
  };
}

/**
 * The side lines are pushed to. `align` names the author's start and end sides as seen in
 * left-to-right text; right-to-left text mirrors them (left = start = right edge, right = end =
 * left edge, like CSS text-align start/end), so an RTL slide made from a left-aligned preset
 * reads from the right edge. Center stays centred (D19).
 */
export function lineAlign(item: Pick<TextItem, 'align' | 'direction'>): TextItem['align'] {
  if (item.direction !== 'rtl' || item.align === 'center') return item.align;
  return item.align === 'left' ? 'right' : 'left';
}

function placeLines(item: TextItem, ranges: Range[], measure: Measure, area: Rect, size: number): TextLine[] {
  const lineHeight = size * item.font.lineHeight;
  const total = ranges.length * lineHeight;
  const slack = area.height - total;
  const align = lineAlign(item);
  const top = area.y + (item.verticalAlign === 'top' ? 0 : item.verticalAlign === 'bottom' ? slack : slack / 2);
  return ranges.map(([paragraph, start, end], i) => {
    const source = item.paragraphs[paragraph] ?? { runs: [] };
    const pieces = measure(source, start, end);
    const width = widthOf(pieces);
    const free = area.width - width;
    const x = area.x + (align === 'left' ? 0 : align === 'right' ? free : free / 2);
    const lineTop = top + i * lineHeight;
    const baseline = lineTop + lineHeight / 2 + size * BASELINE_DROP;
    return { paragraph, start, end, pieces, x, top: lineTop, baseline, width, height: lineHeight };
  });
}
