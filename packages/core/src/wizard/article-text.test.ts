import { describe, expect, it } from 'vitest';
import { EDITOR_MAX_WORDS, EDITOR_RECOMMENDED_WORDS } from '../limits';
import { messages } from '../messages';
import { countWords, isOverWordLimit, splitParagraphs, truncateToWords, validateArticle } from './article-text';

/** A paragraph of `count` numbered words, so a cut shows exactly where it happened. */
const words = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`).join(' ');

describe('countWords', () => {
  it('counts white-space separated words across lines and paragraphs', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords(' One two.\nThree\n\n  four, five! ')).toBe(5);
  });
});

describe('splitParagraphs', () => {
  it('splits at blank lines (even with spaces on them), keeping single line breaks', () => {
    expect(splitParagraphs('a\nb\n\n \n c \r\n \r\nd\n\n')).toEqual(['a\nb', 'c', 'd']);
  });
});

describe('isOverWordLimit', () => {
  it('warns above 600 words, not at 600', () => {
    expect(EDITOR_MAX_WORDS).toBe(600);
    expect(isOverWordLimit(words(600, 'w'))).toBe(false);
    expect(isOverWordLimit(words(601, 'w'))).toBe(true);
  });

  it('has the spec advice to show with the warning', () => {
    expect(EDITOR_RECOMMENDED_WORDS).toBe(550);
    expect(messages.wordLimitAdvice).toBe('We recommended keeping it under 550 words');
    expect(messages.fixIt).toBe('Fix it');
  });
});

describe('truncateToWords', () => {
  it('truncates to exactly 600 words by default, keeping paragraph breaks', () => {
    const body = [words(250, 'a'), words(300, 'b'), words(100, 'c'), words(40, 'd')].join('\n\n');
    const fixed = truncateToWords(body);
    expect(countWords(fixed)).toBe(600);
    const paragraphs = fixed.split('\n\n');
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[0]).toBe(words(250, 'a'));
    expect(paragraphs[1]).toBe(words(300, 'b'));
    expect(paragraphs[2]).toBe(words(50, 'c'));
    expect(isOverWordLimit(fixed)).toBe(false);
  });

  it('drops the paragraphs after one that ends exactly at the limit', () => {
    const body = [words(400, 'a'), words(200, 'b'), words(10, 'c')].join('\n\n');
    expect(truncateToWords(body)).toBe([words(400, 'a'), words(200, 'b')].join('\n\n'));
  });

  it('cuts at a word boundary, keeping line breaks inside the kept text', () => {
    expect(truncateToWords('One two\nthree four.\n\nFive six seven.', 3)).toBe('One two\nthree');
  });

  it('cuts a single long paragraph', () => {
    const fixed = truncateToWords(words(700, 'w'));
    expect(fixed).toBe(words(600, 'w'));
  });

  it('returns a body within the limit unchanged', () => {
    const body = `${words(300, 'a')}\n\n\n${words(300, 'b')}\n`;
    expect(truncateToWords(body)).toBe(body);
  });

  it('takes another limit', () => {
    const fixed = truncateToWords([words(5, 'a'), words(5, 'b')].join('\n\n'), 7);
    expect(fixed).toBe(`${words(5, 'a')}\n\n${words(2, 'b')}`);
  });
});

describe('validateArticle', () => {
  it('requires the title and the body, with the spec message', () => {
    expect(messages.articleRequired).toBe(
      "Article title and body are required. If you're doing a keyword search, please select an article (or click the Back button to choose a different keyword if there are no results).",
    );
    expect(validateArticle({})).toBe(messages.articleRequired);
    expect(validateArticle({ title: 'Title' })).toBe(messages.articleRequired);
    expect(validateArticle({ body: 'Body text.' })).toBe(messages.articleRequired);
    expect(validateArticle({ title: '  ', body: 'Body text.' })).toBe(messages.articleRequired);
    expect(validateArticle({ title: 'Title', body: ' \n ' })).toBe(messages.articleRequired);
  });

  it('accepts a title and a body', () => {
    expect(validateArticle({ title: 'Title', body: 'Body text.' })).toBeNull();
  });
});
