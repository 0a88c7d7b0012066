/**
 * The optimizer's tags (spec 000 §5): the keyword first, then related keywords and the text's key
 * phrases, each once, the list cut before it would exceed 500 characters.
 */
import { STOPWORDS } from '../wizard/summarise';

export const TAGS_MAX_CHARS = 500;

/** How a tag list is counted and copied: tags joined by commas, as video sites take them. */
export const joinTags = (tags: readonly string[]) => tags.join(',');

/**
 * Tags in order of importance, duplicates (any case) and blanks dropped, and the list cut before
 * the tag that would take it past `maxChars` characters joined.
 */
export function cutTags(tags: readonly string[], maxChars: number = TAGS_MAX_CHARS): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  let length = -1;
  for (const raw of tags) {
    const tag = raw.replace(/[,<>]/g, ' ').replace(/\s+/g, ' ').trim();
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    if (length + 1 + tag.length > maxChars) break;
    seen.add(key);
    kept.push(tag);
    length += 1 + tag.length;
  }
  return kept;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/**
 * The text's key phrases: two-word phrases and single words that are not common words and occur
 * more than once, by how often they occur (a phrase counts double; ties keep first appearance),
 * at most `limit`.
 */
export function keyPhrases(text: string, limit = 20): string[] {
  const counts = new Map<string, { count: number; first: number }>();
  const add = (phrase: string, weight: number, position: number) => {
    const entry = counts.get(phrase) ?? { count: 0, first: position };
    entry.count += weight;
    counts.set(phrase, entry);
  };
  for (const sentence of text.split(/[.!?;:\n]+/)) {
    const words = (sentence.toLowerCase().match(WORD) ?? []).filter((w) => w.length > 1);
    words.forEach((word, i) => {
      const position = counts.size;
      if (!STOPWORDS.has(word) && !/^\d+$/.test(word)) add(word, 1, position);
      const next = words[i + 1];
      if (next && !STOPWORDS.has(word) && !STOPWORDS.has(next)) add(`${word} ${next}`, 2, position);
    });
  }
  return (
    [...counts.entries()]
      // Said more than once: a word twice, a two-word phrase twice (it counts double).
      .filter(([phrase, { count }]) => count >= (phrase.includes(' ') ? 4 : 2))
      .sort(([, a], [, b]) => b.count - a.count || a.first - b.first)
      .slice(0, limit)
      .map(([phrase]) => phrase)
  );
}
