/**
 * The video optimizer's results (spec 000 §3–5; issue 21): a title, a description and tags for a
 * video site, made from the target keyword and the video's own text, offline.
 */

import { splitSentences, summariseArticle } from '../wizard/summarise';
import { capitalise } from '../wizard/text-helpers';
import { chapterLines, cutAtWord, type Section } from './chapters';
import { cutTags, keyPhrases } from './tags';

/** Video sites cut titles at 100 characters. */
export const TITLE_MAX_CHARS = 100;
/** The spec's shortest target keyword. */
export const OPTIMIZER_KEYWORD_MIN_CHARS = 3;
/** Sentences of the video's text the description's summary keeps. */
const SUMMARY_SENTENCES = 3;
/** Key phrases set in bold in the summary, besides the keyword. */
const BOLD_PHRASES = 3;

export type OptimizerInput = {
  keyword: string;
  /** Each slide's start and its spoken or shown text, in time order. */
  sections: readonly { start: number; text: string }[];
  duration: number;
  /** The project's title, when it has one. */
  title?: string;
  /** Related keywords the server found for the keyword (may be none offline). */
  relatedKeywords?: readonly string[];
};

export type OptimizerResult = { title: string; description: string; tags: string[] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The title: the keyword early, then what the video is called or says first, under 100 characters. */
export function optimizedTitle(keyword: string, videoTitle: string): string {
  const key = keyword.trim().replace(/\s+/g, ' ');
  const base = videoTitle
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!]+$/, '');
  const keywordEarly = base.toLowerCase().indexOf(key.toLowerCase());
  if (keywordEarly >= 0 && keywordEarly < 30) return cutAtWord(base, TITLE_MAX_CHARS);
  if (base === '' || base.toLowerCase() === key.toLowerCase()) return cutAtWord(capitalise(key), TITLE_MAX_CHARS);
  return cutAtWord(`${capitalise(key)}: ${base}`, TITLE_MAX_CHARS);
}

/** Sets the first occurrence of each phrase in bold (`*…*`, as video sites' descriptions do). */
export function boldKeyPoints(text: string, phrases: readonly string[]): string {
  let result = text;
  for (const phrase of phrases) {
    if (phrase.trim() === '') continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}*])(${escapeRegExp(phrase)})(?![\\p{L}\\p{N}*])`, 'iu');
    result = result.replace(pattern, '*$1*');
  }
  return result;
}

/** The description's two parts: the summary with its key points in bold, and the timestamp lines. */
export function descriptionParts(input: OptimizerInput): { summary: string; chapters: string[] } {
  const text = input.sections.map((section) => section.text).join('\n\n');
  const summary = summariseArticle(text, SUMMARY_SENTENCES);
  const keyword = input.keyword.trim().toLowerCase();
  // Words of the keyword are bold within it already.
  const others = keyPhrases(text).filter((phrase) => !keyword.includes(phrase) && !phrase.includes(keyword));
  const bold = [input.keyword.trim(), ...others.slice(0, BOLD_PHRASES)];
  const chapters = chapterLines(
    input.sections.map((section): Section => ({ start: section.start, title: splitSentences(section.text)[0] ?? '' })),
    input.duration,
  );
  return { summary: boldKeyPoints(summary, bold), chapters };
}

/** A description from its parts: the summary, a blank line, then one timestamp line each. */
export function joinDescription(summary: string, chapters: readonly string[]): string {
  return [summary.trim(), chapters.join('\n')].filter((part) => part !== '').join('\n\n');
}

/** The description: a summary of the video with its key points in bold, then the timestamp lines. */
export function optimizedDescription(input: OptimizerInput): string {
  const { summary, chapters } = descriptionParts(input);
  return joinDescription(summary, chapters);
}

/** Title, description and tags for the keyword; null when the video has no text to work from. */
export function optimizeVideo(input: OptimizerInput): OptimizerResult | null {
  const text = input.sections.map((section) => section.text.trim()).filter(Boolean);
  if (text.length === 0) return null;
  const firstSentence = splitSentences(text[0] as string)[0] ?? '';
  return {
    title: optimizedTitle(input.keyword, input.title?.trim() || firstSentence),
    description: optimizedDescription(input),
    tags: cutTags([input.keyword, ...(input.relatedKeywords ?? []), ...keyPhrases(text.join('\n'))]),
  };
}
