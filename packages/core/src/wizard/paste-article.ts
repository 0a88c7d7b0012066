import { capitalise } from './text-helpers';

/** A pasted first line longer than this is prose, not a title. */
export const PASTED_TITLE_MAX_CHARS = 150;

/**
 * Turns pasted text into paragraphs: Windows and old Mac line breaks become '\n', runs of spaces
 * and tabs collapse, and each non-empty line becomes a paragraph separated by one blank line
 * (web pages paste one line per paragraph; the slides step splits on blank lines).
 */
export function normaliseParagraphs(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n\n');
}

const looksLikeTitle = (line: string) => line.length <= PASTED_TITLE_MAX_CHARS && !line.endsWith('.');

/**
 * Splits a pasted article into title and body (the paste box, spec 001 §4; the make command's text). The first line is the
 * title when it is short (at most 150 characters) and has no final period, and something follows
 * it; otherwise the title is the main keyword capitalised and everything is the body.
 * Answers null for blank text.
 */
export function splitPastedArticle(text: string, mainKeyword: string): { title: string; body: string } | null {
  const paragraphs = normaliseParagraphs(text);
  if (paragraphs === '') return null;
  const [first, ...rest] = paragraphs.split('\n\n');
  if (looksLikeTitle(first!) && rest.length > 0) return { title: first!, body: rest.join('\n\n') };
  return { title: capitalise(mainKeyword.trim()), body: paragraphs };
}
