/**
 * The optimizer description's timestamp lines (spec 000 §5): one per slide or section, added only
 * when it is more than 8 s after the previous line. Spaced at least 10 s apart, first at 0:00 and
 * the last at least 10 s before the end, they are chapters by the video sites' rules (YouTube's:
 * the first at 0:00, at least three, each at least 10 s long) whenever the video is long enough.
 */

/** A place in the video a viewer may jump to: a slide's start and what it is about. */
export type Section = { start: number; title: string };

export const CHAPTER_RULES = {
  /** The spec's spacing: a line only more than this after the previous one. */
  moreThanSeconds: 8,
  /** The video sites' shortest chapter. */
  minChapterSeconds: 10,
  /** The fewest timestamps a video site turns into chapters. */
  minChapters: 3,
  maxTitleChars: 60,
} as const;

/** `m:ss`, or `h:mm:ss` from an hour on, as video sites read timestamps. */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Text cut to at most `max` characters at a word (in its second half), trailing punctuation dropped. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/u, '');
}

/** A chapter's name: the section's text on one line, cut at a word near the limit. */
export function chapterTitle(text: string, maxChars: number = CHAPTER_RULES.maxTitleChars): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= maxChars ? line : `${cutAtWord(line, maxChars - 1)}…`;
}

/**
 * The timestamp lines of a video `duration` seconds long with these sections (in time order).
 * The first line is at 0:00 whatever the first section's start; a later section gets a line when
 * it starts at least 10 s after the previous line and at least 10 s before the end.
 */
export function chapterLines(sections: readonly Section[], duration: number): string[] {
  const kept: Section[] = [];
  for (const section of sections) {
    const title = chapterTitle(section.title);
    if (title === '') continue;
    const previous = kept.at(-1);
    if (!previous) {
      kept.push({ start: 0, title });
      continue;
    }
    const spacing = section.start - previous.start;
    const longEnough =
      spacing > CHAPTER_RULES.moreThanSeconds &&
      spacing >= CHAPTER_RULES.minChapterSeconds &&
      duration - section.start >= CHAPTER_RULES.minChapterSeconds;
    if (longEnough) kept.push({ start: section.start, title });
  }
  return kept.map((section) => `${formatTimestamp(section.start)} ${section.title}`);
}
