import { EDITOR_MAX_WORDS } from '../limits';
import { messages } from '../messages';

/** The article the wizard's editor step holds (spec 001 §3 wizard title and body). */
export type WizardArticle = { title: string; body: string };

const WORD = /\S+/g;
/** Paragraphs are separated by a blank line (white space allowed on it). */
const PARAGRAPH_BREAK = /\n[^\S\n]*\n\s*/;

/** The number of white-space separated words in `text`. */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** The body's paragraphs: split at blank lines, trimmed, empty ones dropped. */
export function splitParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(PARAGRAPH_BREAK)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The first `words` words of `paragraph`, cut at a word boundary; its line breaks are kept. */
function firstWords(paragraph: string, words: number): string {
  let end = 0;
  let seen = 0;
  for (const match of paragraph.matchAll(WORD)) {
    if (seen === words) break;
    end = match.index + match[0].length;
    seen++;
  }
  return paragraph.slice(0, end);
}

/**
 * The editor's 'Fix it' (spec 001 §5, §9): keeps whole paragraphs while they fit in `maxWords`
 * (default {@link EDITOR_MAX_WORDS}), cuts the paragraph that crosses the limit at a word boundary
 * and drops the rest. The result has exactly min(total, maxWords) words, its paragraphs separated
 * by one blank line. A body within the limit is returned unchanged.
 */
export function truncateToWords(body: string, maxWords: number = EDITOR_MAX_WORDS): string {
  if (countWords(body) <= maxWords) return body;
  const kept: string[] = [];
  let left = maxWords;
  for (const paragraph of splitParagraphs(body)) {
    if (left <= 0) break;
    const words = countWords(paragraph);
    kept.push(words <= left ? paragraph : firstWords(paragraph, left));
    left -= words;
  }
  return kept.join('\n\n');
}

/** The editor step's validation (spec 001 §5, §8): title and body are required. */
export function validateArticle(article: { title?: string; body?: string }): string | null {
  if (!article.title?.trim() || !article.body?.trim()) return messages.articleRequired;
  return null;
}

/** Whether the editor shows its word-limit warning: the body is over {@link EDITOR_MAX_WORDS} words. */
export function isOverWordLimit(body: string): boolean {
  return countWords(body) > EDITOR_MAX_WORDS;
}
