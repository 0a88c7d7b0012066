import { describe, expect, it } from 'vitest';
import { highlightText, plainText, textRuns } from './keyword-highlight';

describe('highlightText (spec 001 §4, §5)', () => {
  it('wraps keywords case-insensitively, keeping the text spelling', () => {
    expect(highlightText('Coffee is good. I like COFFEE.', 'coffee')).toBe('**Coffee** is good. I like **COFFEE**.');
  });

  it('never highlights tags shorter than 3 characters', () => {
    expect(highlightText('AI and ML on the web', 'ai, ml, web')).toBe('AI and ML on the **web**');
  });

  it('matches whole words only', () => {
    expect(highlightText('Cats and a category', 'cat')).toBe('Cats and a category');
    expect(highlightText('the cat sat', 'cat')).toBe('the **cat** sat');
  });

  it('prefers the longer tag and does not wrap twice', () => {
    expect(highlightText('Video editing is video work', 'video, video editing')).toBe(
      '**Video editing** is **video** work',
    );
    expect(highlightText('A **green tea** and tea', 'tea')).toBe('A **green tea** and **tea**');
    const once = highlightText('green tea', 'green tea');
    expect(highlightText(once, 'green tea, tea')).toBe('**green tea**');
  });

  it('accepts semicolons and accented letters', () => {
    expect(highlightText('Café au lait; cafés', 'café; lait')).toBe('**Café** au **lait**; cafés');
  });

  it('leaves the text alone without keywords', () => {
    expect(highlightText('Plain', '')).toBe('Plain');
  });
});

describe('textRuns and plainText', () => {
  it('turns marks into bold, marked runs of the renderer', () => {
    expect(textRuns('I like **coffee** a lot')).toEqual([
      { text: 'I like ' },
      { text: 'coffee', bold: true, mark: true },
      { text: ' a lot' },
    ]);
    expect(textRuns('')).toEqual([{ text: '' }]);
    expect(textRuns('**all**')).toEqual([{ text: 'all', bold: true, mark: true }]);
  });

  it('strips the marks', () => {
    expect(plainText('I like **coffee** and **tea**')).toBe('I like coffee and tea');
  });
});
