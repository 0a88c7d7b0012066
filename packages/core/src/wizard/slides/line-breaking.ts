import { clamp } from '../../video/units';
import { LINE_WIDTH, SHORT_LINE_MAX_CHARS, SHORT_LINE_MAX_WORDS } from './constants';

/** A list line: it starts with a dash (hyphen, en dash or em dash). */
const DASH_LINE = /^[-–—]/;

/** Whether a line is a list line, one that starts with a dash (spec 001 §4, §5). */
export function startsWithDash(line: string): boolean {
  return DASH_LINE.test(line.trimStart());
}

/**
 * The line-breaking width of spec 001 §5: the item's breakText, or 65 when it has none (0,
 * negative or missing), clamped between 40 and an upper bound of breakText when it is positive,
 * else 90. When a positive breakText lies under 40 the bounds cross and the upper bound wins, so
 * a line is never wider than the breakText the author asked for.
 */
export function lineWidth(breakText?: number): number {
  const positive = typeof breakText === 'number' && breakText > 0;
  const wanted = positive ? breakText : LINE_WIDTH.default;
  const upper = positive ? breakText : LINE_WIDTH.max;
  return clamp(wanted, LINE_WIDTH.min, upper);
}

const length = (text: string): number => Array.from(text).length;
const words = (text: string): string[] => text.split(' ').filter(Boolean);

/** Greedy word wrap: as many words per line as fit in `width`; a longer word gets its own line. */
function greedyWrap(line: string, width: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of words(line)) {
    const joined = current ? `${current} ${word}` : word;
    if (current && length(joined) > width) {
      out.push(current);
      current = word;
    } else {
      current = joined;
    }
  }
  if (current) out.push(current);
  return out;
}

/**
 * Wraps one line at word boundaries into lines of at most `width` characters, balanced: it keeps
 * the fewest lines greedy wrapping needs but makes them as even as possible, so the last line is
 * not a stub. A single word longer than `width` is never cut.
 */
export function wrapLine(line: string, width: number): string[] {
  const greedy = greedyWrap(line, width);
  if (greedy.length <= 1) return greedy;
  for (let target = Math.ceil(length(line) / greedy.length); target < width; target++) {
    const even = greedyWrap(line, target);
    if (even.length <= greedy.length) return even;
  }
  return greedy;
}

/**
 * A line too short to stand alone (spec 001 §5): two words or fewer, or 12 characters or fewer,
 * unless it starts with a dash (a list item stays on its own line however short).
 */
export function isShortLine(line: string): boolean {
  if (startsWithDash(line)) return false;
  return words(line).length <= SHORT_LINE_MAX_WORDS || length(line) <= SHORT_LINE_MAX_CHARS;
}

/**
 * Merges every short line into a neighbour (spec 001 §5): the line before it, or the line after it
 * when it is the first. A merged line may be longer than the width: the rule keeps no stubs rather
 * than a strict width. A text of one line is kept as it is.
 */
export function mergeShortLines(lines: readonly string[]): string[] {
  const out = [...lines];
  for (let i = 0; i < out.length && out.length > 1; ) {
    const line = out[i]!;
    if (!isShortLine(line)) {
      i++;
      continue;
    }
    if (i > 0) {
      out.splice(i - 1, 2, `${out[i - 1]} ${line}`);
      i--;
    } else {
      out.splice(0, 2, `${line} ${out[1]}`);
    }
  }
  return out;
}

/**
 * Breaks a text into display lines (spec 001 §5): existing line breaks are kept, each line is
 * wrapped at word boundaries to {@link lineWidth}(breakText) characters, and short lines are merged
 * into a neighbour unless they start with a dash. White space runs become one space; empty lines go.
 */
export function breakLines(text: string, breakText?: number): string[] {
  const width = lineWidth(breakText);
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .flatMap((line) => wrapLine(line, width));
  return mergeShortLines(lines);
}
