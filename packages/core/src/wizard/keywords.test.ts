import { describe, expect, it } from 'vitest';
import { KEYWORD_HIGHLIGHT_MIN_LENGTH, MAX_KEYWORD_TAGS } from '../limits';
import { messages } from '../messages';
import {
  exampleKeywords,
  highlightKeywords,
  mainKeyword,
  pasteNeedsConfirmation,
  splitKeywords,
  validateKeywordInput,
} from './keywords';

const tags = (count: number) => Array.from({ length: count }, (_, i) => `keyword ${i + 1}`).join(', ');

describe('splitKeywords', () => {
  it('splits on commas and semicolons, trims and drops empty tags', () => {
    expect(splitKeywords(' best laptops ;travel,, ; recipes ,')).toEqual(['best laptops', 'travel', 'recipes']);
  });

  it('drops case-insensitive duplicates, keeping the first spelling', () => {
    expect(splitKeywords('Travel, recipes; TRAVEL, Recipes, travel tips')).toEqual([
      'Travel',
      'recipes',
      'travel tips',
    ]);
  });

  it('collapses inner white space so spacing variants are one tag', () => {
    expect(splitKeywords('best  laptops, best laptops,\tbest\nlaptops')).toEqual(['best laptops']);
  });

  it('returns every tag, without a cap', () => {
    expect(splitKeywords(tags(75))).toHaveLength(75);
  });

  it('gives no tag for blank input', () => {
    expect(splitKeywords('  , ; ,')).toEqual([]);
  });
});

describe('validateKeywordInput', () => {
  it('requires a keyword', () => {
    expect(validateKeywordInput('')).toBe(messages.keywordRequired);
    expect(validateKeywordInput(' ;, ')).toBe(messages.keywordRequired);
  });

  it(`accepts ${MAX_KEYWORD_TAGS} tags and refuses 51`, () => {
    expect(MAX_KEYWORD_TAGS).toBe(50);
    expect(validateKeywordInput(tags(50))).toBeNull();
    expect(validateKeywordInput(tags(51))).toBe(messages.tooManyKeywords(51));
    expect(messages.tooManyKeywords(51)).toBe(
      'You entered 51 keywords; the most allowed is 50. Please remove 1 of them.',
    );
  });

  it('counts tags after removing duplicates', () => {
    expect(validateKeywordInput(`${tags(50)}, KEYWORD 1, keyword 2`)).toBeNull();
  });
});

describe('mainKeyword', () => {
  it('is the first tag', () => {
    expect(mainKeyword('  best laptops ; travel, recipes')).toBe('best laptops');
  });

  it("is '' when there is no tag", () => {
    expect(mainKeyword(' , ')).toBe('');
  });
});

describe('pasteNeedsConfirmation', () => {
  it('asks for links', () => {
    expect(pasteNeedsConfirmation('https://example.com/article')).toBe(true);
    expect(pasteNeedsConfirmation('see http://example.com')).toBe(true);
    expect(pasteNeedsConfirmation('www.example.com')).toBe(true);
  });

  it('does not ask for short keyword text', () => {
    expect(pasteNeedsConfirmation('best laptops')).toBe(false);
    expect(pasteNeedsConfirmation('www')).toBe(false);
  });

  it('asks for more than 10 words with fewer commas than half the word count', () => {
    const ten = 'one two three four five six seven eight nine ten';
    expect(pasteNeedsConfirmation(ten)).toBe(false);
    expect(pasteNeedsConfirmation(`${ten} eleven`)).toBe(true);
  });

  it('lets an 11-word list through when it has at least half as many commas as words', () => {
    // 11 words: 5 commas is fewer than 5.5 (asks), 6 commas is not (passes).
    expect(pasteNeedsConfirmation('a b, c d, e f, g h, i j, k')).toBe(true);
    expect(pasteNeedsConfirmation('a, b, c, d, e, f, g h i j k')).toBe(false);
  });

  it('does not count semicolons as commas', () => {
    expect(pasteNeedsConfirmation('a; b; c; d; e; f; g; h; i; j; k')).toBe(true);
  });
});

describe('highlightKeywords', () => {
  it(`keeps only tags of at least ${KEYWORD_HIGHLIGHT_MIN_LENGTH} characters`, () => {
    expect(KEYWORD_HIGHLIGHT_MIN_LENGTH).toBe(3);
    expect(highlightKeywords('ai, seo, tv, go pro, 5g')).toEqual(['seo', 'go pro']);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(highlightKeywords('🎥🎬, 🎥🎬🎞')).toEqual(['🎥🎬🎞']);
  });
});

describe('exampleKeywords', () => {
  const examples = exampleKeywords(2031);

  it('offers about 50 distinct examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(45);
    expect(examples.length).toBeLessThanOrEqual(55);
    expect(new Set(examples.map((e) => e.toLowerCase())).size).toBe(examples.length);
  });

  it('puts the given year in several of them', () => {
    expect(examples).toContain('best laptops 2031');
    expect(examples.filter((e) => e.includes('2031')).length).toBeGreaterThanOrEqual(5);
  });

  it('gives examples that are each one valid keyword', () => {
    for (const example of examples) {
      expect(splitKeywords(example)).toEqual([example]);
      expect(validateKeywordInput(example)).toBeNull();
    }
  });
});
