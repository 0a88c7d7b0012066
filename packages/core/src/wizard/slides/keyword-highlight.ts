import type { TextRun } from '../../video/text';
import { highlightKeywords } from '../keywords';

/**
 * Keyword highlighting (spec 001 §4, §5). Slide texts are plain strings in which a highlighted
 * keyword is wrapped in double asterisks, `**like this**`: the markup the rest of the product
 * already reads (media auto-fetch treats a `**line**` as emphasised, speech strips asterisks).
 * {@link textRuns} turns it into the renderer's runs: bold, marked runs coloured with the item's
 * mark colour (`packages/scene` text drawing).
 */

const MARKED = /\*\*([^*]+?)\*\*/g;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Wraps every keyword of `keyword` (comma- or semicolon-separated tags of at least 3 characters;
 * shorter tags are never highlighted) found in `text` in `**…**`: case-insensitive, whole words
 * only, the text's own spelling kept, longer tags first (so 'video editing' wins over 'video'),
 * and never inside a span that is already marked.
 */
export function highlightText(text: string, keyword: string): string {
  const tags = highlightKeywords(keyword).sort((a, b) => b.length - a.length);
  if (tags.length === 0) return text;
  const alternatives = tags.map((tag) => escapeRegExp(tag).replace(/ /g, '\\s+')).join('|');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_*])(${alternatives})(?![\\p{L}\\p{N}_*])`, 'giu');
  // Odd parts are already-marked spans, kept as they are.
  return text
    .split(/(\*\*[^*]+?\*\*)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(pattern, '**$1**')))
    .join('');
}

/** The text without highlight marks: what is spoken and what a search engine is asked. */
export function plainText(text: string): string {
  return text.replace(MARKED, '$1');
}

/** The renderer's runs of a marked text: plain runs, and a bold, marked run per `**keyword**`. */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKED)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index) });
    runs.push({ text: match[1]!, bold: true, mark: true });
    last = match.index + match[0].length;
  }
  if (last < text.length || runs.length === 0) runs.push({ text: text.slice(last) });
  return runs;
}
