import type { Abilities } from '../../account/schemas';
import { movieDuration } from '../../video/timing';
import type { Seconds } from '../../video/units';
import { rankPassages } from '../summarise';
import { type BuildFramesWizard, buildFrames } from './build-frames';
import { plainText } from './keyword-highlight';
import { type Slide, SlideSchema, type SlideText } from './schema';
import { narrationSeconds } from './slide-timing';

/**
 * Whether a free member's wizard video fits the plan before it is narrated and rendered: the
 * project's speech allowance (35 s) and the longest video (60 s), both verbatim from the spec and
 * read from the member's abilities (with the 15 slides the video holds). Lines not yet narrated are estimated from their words, so the author sees the figures and can
 * fit the video before speech is spent and before the render cuts it.
 */

/**
 * Speaking pace assumed for a line without narration yet: 2.3 words a second (138 a minute),
 * slower than the voices' usual 150–180, so an estimate that fits leaves room for a slow voice.
 */
export const ESTIMATED_WORDS_PER_SECOND = 2.3;

/** What the member's video may hold: their abilities' limits (spec 001 §6, spec 000 §1); null is none. */
export type FitLimits = Pick<Abilities, 'maxSpeechSeconds' | 'maxVideoSeconds' | 'maxVideoSlides'>;

const within = (value: Seconds, limit: Seconds | null) => limit === null || value <= limit;

/** The figures the slides step shows a free member. */
export type FreeFitFigures = {
  /** Seconds of generated speech the video needs: narration made so far plus estimates. */
  narrationSeconds: Seconds;
  /** Seconds of video, with the estimates in place of missing narration. */
  videoSeconds: Seconds;
  fits: boolean;
};

/** Whether the line's narration is generated speech, which the free allowance counts. */
const spends = (slide: Slide) => slide.settings.audioSource === 'free_tts' || slide.settings.audioSource === 'paid_tts';

const wordsOf = (text: string) =>
  plainText(text)
    .replaceAll('*', '')
    .match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/** Seconds the line's narration takes or will take; 0 for a line that is not narrated. */
export function expectedNarration(text: SlideText, slide: Slide): Seconds {
  const made = narrationSeconds(text, slide.settings.audioSource);
  if (made !== undefined) return made;
  if (!spends(slide)) return 0;
  const words = wordsOf(text.text);
  return words === 0 ? 0 : words / ESTIMATED_WORDS_PER_SECOND;
}

/** The slide with every missing narration replaced by its estimate, so frames take their expected length. */
function withEstimates(slide: Slide): Slide {
  return {
    ...slide,
    texts: slide.texts.map((text) => {
      if (narrationSeconds(text, slide.settings.audioSource) !== undefined) return text;
      const seconds = expectedNarration(text, slide);
      return seconds > 0 ? { ...text, audio: { ...text.audio, url: 'estimate', duration: seconds } } : text;
    }),
  };
}

function parseSlides(wizard: BuildFramesWizard): Slide[] {
  return (wizard.slides ?? []).flatMap((raw) => {
    const parsed = SlideSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The narration and video length of a free member's wizard video against the plan's limits. */
export function freeFitFigures(wizard: BuildFramesWizard, limits: FitLimits): FreeFitFigures {
  const slides = parseSlides(wizard);
  const narration = slides
    .filter(spends)
    .reduce((sum, slide) => sum + slide.texts.reduce((s, text) => s + expectedNarration(text, slide), 0), 0);
  const frames = buildFrames({ ...wizard, slides: slides.map(withEstimates) }, { abilities: limits });
  const video = movieDuration({ frames });
  return {
    narrationSeconds: narration,
    videoSeconds: video,
    fits: within(narration, limits.maxSpeechSeconds) && within(video, limits.maxVideoSeconds),
  };
}

/**
 * The slides to keep so the video fits: the least central slides (TextRank over the slides'
 * words) are left out one at a time until both figures are within the limits; the first slide,
 * which opens the video, always stays, and the kept slides keep their order. Answers the slides
 * unchanged when they already fit.
 */
export function fitFreeVideo<T extends BuildFramesWizard>(wizard: T, limits: FitLimits): NonNullable<T['slides']> {
  const all = [...(wizard.slides ?? [])] as NonNullable<T['slides']>;
  const parsed = parseSlides(wizard);
  if (parsed.length !== all.length) return all;
  const scores = rankPassages(parsed.map((slide) => slide.texts.map((t) => plainText(t.text)).join(' ')));
  const dropOrder = scores
    .map((score, index) => ({ score, index }))
    .filter((entry) => entry.index > 0)
    .sort((a, b) => a.score - b.score || b.index - a.index)
    .map((entry) => entry.index);
  const dropped = new Set<number>();
  const kept = () => all.filter((_, index) => !dropped.has(index)) as NonNullable<T['slides']>;
  for (const index of dropOrder) {
    if (freeFitFigures({ ...wizard, slides: kept() }, limits).fits) break;
    dropped.add(index);
  }
  return kept();
}
