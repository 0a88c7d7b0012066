import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYWORD, fallbackRequest, openingKeyword, openingRequest, type SearchTab } from './add-rules';

/**
 * What a search tab opens on (D93): never a search that finds nothing. The shapes and the member's
 * library list what they hold; other tabs search the spec's 'happy' (002 §9), and when that finds
 * nothing on an engine that lists its content, its content shows instead.
 */
describe('the search a tab opens on', () => {
  it('lists every shape, not a search for happy', () => {
    expect(openingKeyword('shapes', 'shapes')).toBe('');
    expect(openingRequest({ tab: 'shapes', engine: 'shapes' })).toEqual({
      mimeType: 'image',
      engine: 'shapes',
      q: '',
      color: '#ffffff',
    });
  });

  it('lists the member’s library on any tab that opens on it', () => {
    for (const tab of ['image', 'video', 'audio'] as SearchTab[]) {
      expect(openingRequest({ tab, engine: 'library' })).toMatchObject({ engine: 'library', q: '' });
    }
  });

  it('searches the spec’s default keyword on the stock, emoji and icon tabs', () => {
    expect(openingRequest({ tab: 'image', engine: 'pixabay' })).toEqual({
      mimeType: 'image',
      engine: 'pixabay',
      q: DEFAULT_KEYWORD,
    });
    expect(openingRequest({ tab: 'icons', engine: 'icons', color: '#ff0000' })).toMatchObject({
      q: DEFAULT_KEYWORD,
      color: '#ff0000',
    });
    expect(openingRequest({ tab: 'image', engine: undefined })).toBeNull();
  });

  it('falls back to the content of an engine that lists it when the opening words find nothing', () => {
    const icons = openingRequest({ tab: 'icons', engine: 'icons' })!;
    expect(fallbackRequest(icons)).toEqual({ ...icons, q: '' });
    // A stock vendor lists nothing for no words: no fallback, and none twice.
    expect(fallbackRequest(openingRequest({ tab: 'video', engine: 'pixabay' })!)).toBeNull();
    expect(fallbackRequest({ ...icons, q: '' })).toBeNull();
  });
});
