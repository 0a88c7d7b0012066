import { describe, expect, it } from 'vitest';
import { breakLines, isShortLine, lineWidth, mergeShortLines, wrapLine } from './line-breaking';

describe('lineWidth (spec 001 §5)', () => {
  it('is 65 when the item has no breakText', () => {
    expect(lineWidth()).toBe(65);
    expect(lineWidth(0)).toBe(65);
    expect(lineWidth(-10)).toBe(65);
    expect(lineWidth(Number.NaN)).toBe(65);
  });

  it('is the breakText when positive, whose value is also the upper bound', () => {
    expect(lineWidth(50)).toBe(50);
    expect(lineWidth(90)).toBe(90);
    expect(lineWidth(100)).toBe(100);
    expect(lineWidth(320)).toBe(320);
  });

  it('is clamped up to 40, except that a positive breakText under 40 is the upper bound and wins', () => {
    expect(lineWidth(40)).toBe(40);
    expect(lineWidth(30)).toBe(30);
  });
});

describe('wrapLine', () => {
  const sentence = 'The quick brown fox jumps over the lazy dog and then runs far away into the deep forest';

  it('breaks at word boundaries into lines of at most the width', () => {
    const lines = wrapLine(sentence, 40);
    expect(lines.join(' ')).toBe(sentence);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    expect(lines).toHaveLength(3);
  });

  it('balances the lines instead of leaving a stub', () => {
    expect(wrapLine('aaaa bbbb cccc dd', 15)).toEqual(['aaaa bbbb', 'cccc dd']);
  });

  it('never cuts a word longer than the width', () => {
    expect(wrapLine(`short ${'x'.repeat(50)} end`, 40)).toEqual(['short', 'x'.repeat(50), 'end']);
  });
});

describe('short lines (spec 001 §5)', () => {
  it('a line of two words or fewer is short', () => {
    expect(isShortLine('Hello there')).toBe(true);
    expect(isShortLine('Extraordinarily unbelievable')).toBe(true);
    expect(isShortLine('Three words here')).toBe(false);
  });

  it('a line of 12 characters or fewer is short, 13 is not', () => {
    expect(isShortLine('a b c d e fg')).toBe(true); // 12 characters, 6 words
    expect(isShortLine('a b c d e fgh')).toBe(false); // 13 characters
  });

  it('a line that starts with a dash is never short', () => {
    expect(isShortLine('- Apples')).toBe(false);
    expect(isShortLine('– Pears')).toBe(false);
    expect(isShortLine('— Plums')).toBe(false);
  });

  it('merges a short line into the line before it, or after it when first', () => {
    expect(mergeShortLines(['This is the first line', 'Indeed.'])).toEqual(['This is the first line Indeed.']);
    expect(mergeShortLines(['Indeed.', 'This is the second line'])).toEqual(['Indeed. This is the second line']);
    expect(mergeShortLines(['- One', '- Two', 'and so on we go'])).toEqual(['- One', '- Two', 'and so on we go']);
    expect(mergeShortLines(['Alone'])).toEqual(['Alone']);
  });
});

describe('breakLines', () => {
  it('wraps to 65 characters by default', () => {
    const text =
      'Reelwright turns articles into narrated slide videos with images, music and voices, in minutes, for everyone.';
    const lines = breakLines(text);
    expect(lines.length).toBe(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(65);
  });

  it('keeps line breaks and dash lines, and merges the short ones', () => {
    expect(breakLines('Things to pack today:\n- Tent\n- Stove\nOK')).toEqual([
      'Things to pack today:',
      '- Tent',
      '- Stove OK',
    ]);
  });

  it('wraps to the breakText when it is given', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve thirteen';
    expect(breakLines(text, 320)).toEqual([text]);
    expect(breakLines(text, 40).every((line) => line.length <= 40)).toBe(true);
  });

  it('drops empty lines and collapses white space', () => {
    expect(breakLines('  Hello   there   my friend \n\n  ')).toEqual(['Hello there my friend']);
  });
});
