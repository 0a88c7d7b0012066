import type { MediaSearchResult, MediaType } from '@reelwright/core';

export type { MediaSearchResult, MediaType };

/** One search: the words, what kind of media, how many results at most. */
export type MediaSearchQuery = {
  keyword: string;
  type: MediaType;
  num: number;
  /** `#rrggbb` for engines that draw in a colour (icons, shapes); others ignore it. */
  color?: string;
  /** Icons only: a PNG (default) or the SVG itself. */
  format?: 'png' | 'svg';
  /** The member searching; the `library` engine searches only their items and finds nothing without one. */
  memberId?: number;
};

/**
 * A media engine (DESIGN §8): the offline ones draw what they find into the file store and answer
 * `/media/<engine>/<hash>.png|svg` URLs; online ones (later) answer the vendor's URLs.
 */
export interface MediaSearchProvider {
  /** The spec's engine name (`emojis`, `icons`, …). */
  readonly engine: string;
  /** The media types it can answer; asked for another, it answers nothing. */
  readonly types: readonly MediaType[];
  search(query: MediaSearchQuery): Promise<MediaSearchResult[]>;
}

/** Words of a search, lower-cased, split on anything that is not a letter or digit. */
export function searchWords(keyword: string): string[] {
  return keyword
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * Ranks entries by how well their name and tags match the words: every word must match a name
 * word or a tag (exactly, or as a prefix); exact name matches come first, then name words, then
 * tags. An empty search lists entries in their own order.
 */
export function rankByWords<T>(
  entries: readonly T[],
  keyword: string,
  fields: (entry: T) => { name: string; tags: readonly string[] },
  limit: number,
): T[] {
  const words = searchWords(keyword);
  if (words.length === 0) return entries.slice(0, limit);
  const scored: { entry: T; score: number; order: number }[] = [];
  entries.forEach((entry, order) => {
    const { name, tags } = fields(entry);
    const nameWords = searchWords(name);
    const tagWords = tags.flatMap(searchWords);
    let score = searchWords(name).join(' ') === words.join(' ') ? 100 : 0;
    for (const word of words) {
      if (nameWords.includes(word)) score += 10;
      else if (tagWords.includes(word)) score += 6;
      else if (nameWords.some((w) => w.startsWith(word))) score += 4;
      else if (tagWords.some((w) => w.startsWith(word))) score += 2;
      else return;
    }
    // Shorter names first among equals: "star" before "star-half-filled".
    scored.push({ entry, score: score - nameWords.length * 0.1, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map((s) => s.entry);
}
