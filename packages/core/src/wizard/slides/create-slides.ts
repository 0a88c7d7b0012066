import type { Abilities } from '../../account/schemas';
import { DEFAULT_BREAK_TEXT } from '../../limits';
import { splitSentences } from '../summarise';
import { DEFAULT_SLIDE_VOICE, FILM_PRESET_ID } from './constants';
import { slideFrameKey } from './frame-key';
import { highlightText } from './keyword-highlight';
import { breakLines, startsWithDash, wrapLine } from './line-breaking';
import { applyPreset, BUILT_IN_PRESETS, type DefaultVoice } from './presets';
import { type Preset, type Slide, SlideSchema } from './schema';

export type CreateSlidesInput = {
  title: string;
  body: string;
  /** The wizard's comma-separated keywords, highlighted in the texts. */
  keyword: string;
  /** Break a sentence longer than this many characters (default 320, spec 001 §5). */
  breakText?: number;
  /** Start without the title slide (the 'blank' choice, spec 001 §4). */
  blank?: boolean;
  /** The member's limits on slides made here (free: at most 10, warning above 5, spec 001 §6). */
  abilities: Pick<Abilities, 'maxCreatedSlides' | 'warnAboveSlides'>;
  /** Where the 'film' preset is looked up; the built-in presets by default. */
  presets?: readonly Preset[];
  defaultVoice?: DefaultVoice;
};

export type CreateSlidesResult = {
  slides: Slide[];
  /** Slides were dropped because the member may create no more (10 on free). */
  limited: boolean;
  /** Show the free plan warning: the member has more slides than their abilities warn above (5 on free). */
  warnFree: boolean;
};

/** A sentence longer than `breakText` characters, cut at word boundaries into balanced pieces. */
function splitLong(sentence: string, breakText: number): string[] {
  return sentence.length > breakText ? wrapLine(sentence, breakText) : [sentence];
}

/**
 * The text of each slide, in order: the title's, then the body's. A run of consecutive lines
 * starting with a dash is one slide (a list); any other line of the body is cut into sentences,
 * each sentence (split when longer than breakText) a slide of its own.
 */
export function slideSources(title: string, body: string, breakText: number, blank = false): string[] {
  const sources: string[] = [];
  if (!blank && title.trim() !== '') sources.push(title.trim());
  let list: string[] = [];
  const flushList = () => {
    if (list.length > 0) sources.push(list.join('\n'));
    list = [];
  };
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (startsWithDash(line)) {
      list.push(line);
      continue;
    }
    flushList();
    if (line === '') continue;
    for (const sentence of splitSentences(line)) sources.push(...splitLong(sentence, breakText));
  }
  flushList();
  return sources;
}

/**
 * A new slide of `lines`: keyword-highlighted texts, list_grid when more than one line starts
 * with a dash, narrated by the default voice.
 */
function newSlide(index: number, lines: readonly string[], keyword: string, voice: DefaultVoice): Slide {
  const id = `slide-${index}`;
  const texts = lines.map((line, i) => ({ id: `text-${index}-${i + 1}`, text: highlightText(line, keyword) }));
  const dashLines = lines.filter(startsWithDash).length;
  const slide = SlideSchema.parse({
    id,
    texts,
    activeTextId: texts[0]?.id,
    settings: { layout: dashLines > 1 ? 'list_grid' : 'automatic', ...voice },
  });
  return { ...slide, frameKey: slideFrameKey(slide) };
}

/**
 * Creates the slides when none exist (spec 001 §4 "Slide creation"): from the title (unless
 * blank) and the body's sentences, each broken into lines (spec 001 §5) with the keywords
 * highlighted; layout list_grid when more than one line starts with a dash; the first slide gets
 * the 'film' preset. The member's abilities cap the slides and set the warning flag (free: at
 * most 10, warning above 5, spec 001 §6). Ids are `slide-n` and `text-n-m`, counting from 1.
 * Speech and media are not made here.
 */
export function createSlides(input: CreateSlidesInput): CreateSlidesResult {
  const breakText = input.breakText && input.breakText > 0 ? input.breakText : DEFAULT_BREAK_TEXT;
  const sources = slideSources(input.title, input.body, breakText, input.blank);
  const all = sources.map((source) => breakLines(source)).filter((lines) => lines.length > 0);
  const { maxCreatedSlides, warnAboveSlides } = input.abilities;
  const limited = maxCreatedSlides !== null && all.length > maxCreatedSlides;
  const kept = limited ? all.slice(0, maxCreatedSlides) : all;
  const film = (input.presets ?? BUILT_IN_PRESETS).find((p) => p.id === FILM_PRESET_ID);
  const slides = kept.map((lines, i) => {
    const slide = newSlide(i + 1, lines, input.keyword, input.defaultVoice ?? DEFAULT_SLIDE_VOICE);
    return i === 0 && film ? applyPreset(slide, film, input.defaultVoice) : slide;
  });
  return { slides, limited, warnFree: warnAboveSlides !== null && slides.length > warnAboveSlides };
}
