import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BREAK_TEXT,
  KEYWORD_SUGGEST_DEBOUNCE_MS,
  MIN_ARTICLE_BODY_CHARS,
  RELATED_KEYWORDS_PAGE,
  SEARCH_SLOW_MESSAGE_MS,
} from '../limits';
import { messages } from '../messages';

describe('wizard keyword and content step messages (spec 001 §8)', () => {
  it('words the article fetch failure with and without a search type', () => {
    expect(messages.articleFetchFailed('news')).toBe(
      'Failed to get news article content. Please try downloading another article or copy-paste it by hand.',
    );
    expect(messages.articleFetchFailed()).toBe(
      'Failed to get article content. Please try downloading another article or copy-paste it by hand.',
    );
  });

  it('words the empty search and listicle suggestion results', () => {
    expect(messages.noArticlesFound('ezine', 'best laptops')).toBe('No ezine articles found about best laptops.');
    expect(messages.noListicleSuggestions('funny', 'cats')).toBe(
      'Sorry no funny suggests found for cats. Please try with another category or keyword.',
    );
    expect(messages.selectArticle('ezine')).toBe('Please select an ezine article from the list by clicking on it');
  });

  it('words the paste prompt and the progress messages', () => {
    expect([messages.pasteAnyway, messages.dontPaste]).toEqual(['Paste anyway', "Don't paste"]);
    expect(messages.searchingSource('news')).toBe('Searching news..');
    expect(messages.noResultsFor('cats')).toBe('No results for cats');
  });
});

describe('wizard keyword and content step limits (spec 001 §5, §9)', () => {
  it('has the spec numbers', () => {
    expect(DEFAULT_BREAK_TEXT).toBe(320);
    expect(RELATED_KEYWORDS_PAGE).toBe(10);
    expect(KEYWORD_SUGGEST_DEBOUNCE_MS).toBe(1000);
    expect(SEARCH_SLOW_MESSAGE_MS).toBe(15000);
    expect(MIN_ARTICLE_BODY_CHARS).toBe(30);
  });
});
