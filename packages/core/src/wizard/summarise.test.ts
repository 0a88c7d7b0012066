import { describe, expect, it } from 'vitest';
import { countSentences, splitSentences, summariseArticle } from './summarise';

const ARTICLE = [
  'Solar power is growing fast around the world. Solar panels are cheaper than ever before. Many homes now have solar panels on the roof.',
  'Wind power also grows. Offshore wind farms produce a lot of power. My cat likes to sleep all day.',
  'Storage makes solar power useful at night. Batteries store solar power for the evening. The weather was nice yesterday.',
  'Governments support solar and wind power with subsidies. Cheaper panels and batteries make solar power the cheapest power.',
].join('\n\n');

/** Where each sentence of `text` starts in `source`; -1 when it is not verbatim in it. */
const positions = (text: string, source: string) => splitSentences(text).map((s) => source.indexOf(s));

describe('splitSentences', () => {
  it('splits sentences, trimmed, and never across a paragraph break', () => {
    expect(splitSentences('  First one. Second one!\n\nThird one? Fourth\n\n\n')).toEqual([
      'First one.',
      'Second one!',
      'Third one?',
      'Fourth',
    ]);
  });

  it('treats a line break as the end of a sentence', () => {
    expect(splitSentences('Question 1: Which?\nA) One\nB) Two')).toEqual(['Question 1: Which?', 'A) One', 'B) Two']);
  });

  it('gives nothing for blank text', () => {
    expect(splitSentences(' \n\n ')).toEqual([]);
  });
});

describe('countSentences', () => {
  it('counts the sentences splitSentences finds', () => {
    expect(countSentences(ARTICLE)).toBe(11);
    expect(countSentences('')).toBe(0);
  });
});

describe('summariseArticle', () => {
  it.each([1, 3, 5, 8])('keeps about %i sentences (±1), each verbatim and in the original order', (target) => {
    const summary = summariseArticle(ARTICLE, target);
    const found = positions(summary, ARTICLE);
    expect(Math.abs(found.length - target)).toBeLessThanOrEqual(1);
    expect(found).not.toContain(-1);
    expect(found).toEqual([...found].sort((a, b) => a - b));
  });

  it('keeps the sentences about the main topic and drops the off-topic ones', () => {
    const summary = summariseArticle(ARTICLE, 5);
    expect(summary).toContain('Cheaper panels and batteries make solar power the cheapest power.');
    expect(summary).not.toContain('My cat likes to sleep all day.');
    expect(summary).not.toContain('The weather was nice yesterday.');
  });

  it('keeps sentences of one paragraph together and separates paragraphs by a blank line', () => {
    const summary = summariseArticle(ARTICLE, 5);
    const inputParagraphs = ARTICLE.split('\n\n');
    for (const paragraph of summary.split('\n\n')) {
      const home = inputParagraphs.filter((p) => splitSentences(paragraph).every((s) => p.includes(s)));
      expect(home).toHaveLength(1);
    }
  });

  it('returns a body with no more sentences than asked for unchanged, apart from paragraph spacing', () => {
    expect(summariseArticle(ARTICLE, 11)).toBe(ARTICLE);
    expect(summariseArticle(ARTICLE, 50)).toBe(ARTICLE);
    expect(summariseArticle('\n One. Two.\n\n\n\nThree. \n', 3)).toBe('One. Two.\n\nThree.');
  });

  it('keeps line breaks between kept sentences of a paragraph', () => {
    const quiz =
      'Question 1: Which power is cheapest?\nA) Solar power\nB) Coal power\n\nMy cat sleeps. The weather was nice.';
    expect(summariseArticle(quiz, 3)).toBe('Question 1: Which power is cheapest?\nA) Solar power\nB) Coal power');
  });

  it('is deterministic and breaks ties by position', () => {
    const unrelated = 'Apples grow. Boats float. Cars drive. Dogs bark.';
    expect(summariseArticle(unrelated, 2)).toBe('Apples grow. Boats float.');
    expect(summariseArticle(ARTICLE, 4)).toBe(summariseArticle(ARTICLE, 4));
  });

  it('keeps at least one sentence', () => {
    expect(countSentences(summariseArticle(ARTICLE, 0))).toBe(1);
  });
});
