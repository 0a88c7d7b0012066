/**
 * Captions from narration (issue 21): words with their spoken times grouped into cues a viewer
 * can read — at most two lines of about 42 characters, shown 1–7 s, cut where the speech pauses
 * or a sentence or clause ends rather than mid-phrase.
 */

/** A spoken word and when it is heard, in seconds of the video. */
export type TimedWord = { text: string; start: number; end: number };

/** One caption: its lines as shown, when, and the words it holds (for word-by-word highlight). */
export type Cue = { start: number; end: number; lines: string[]; words: TimedWord[] };

export const CAPTION_RULES = {
  maxLines: 2,
  maxLineChars: 42,
  minSeconds: 1,
  maxSeconds: 7,
  /** A silence this long ends a cue: the next words are a new thought. */
  pauseSeconds: 0.8,
} as const;

export type CaptionRules = { [K in keyof typeof CAPTION_RULES]: number };

const SENTENCE_END = /[.!?…]["'”’)\]]*$/u;
const CLAUSE_END = /[,;:—–]["'”’)\]]*$/u;
const CLAUSE_OR_SENTENCE = /[.!?…,;:—–]["'”’)\]]*$/u;

/**
 * Breaks words into lines of at most `maxChars` (greedy, as a reader's eye expects); a word
 * longer than a line gets a line of its own. Returns null when more than `maxLines` are needed.
 */
export function wrapCaption(words: readonly string[], maxChars: number, maxLines: number): string[] | null {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
    if (lines.length > maxLines) return null;
  }
  return lines;
}

/**
 * Groups narration words into cues. A cue ends after a pause, after a sentence's end once it has
 * been up `minSeconds`, and after a clause's end once its first line is full. A word that would
 * not fit its lines or would keep it up past `maxSeconds` starts a new cue, which takes along the
 * words after the cue's last clause end when there is one. A cue shorter than `minSeconds` stays
 * up longer when the next one leaves room.
 */
export function groupCues(words: readonly TimedWord[], rules: CaptionRules = CAPTION_RULES): Cue[] {
  const groups: TimedWord[][] = [];
  let current: TimedWord[] = [];
  const close = () => {
    if (current.length > 0) groups.push(current);
    current = [];
  };
  for (const word of words) {
    const text = word.text.trim();
    if (text === '') continue;
    const timed = { ...word, text };
    const first = current[0];
    if (first) {
      const previous = current.at(-1) as TimedWord;
      const tooLong = timed.end - first.start > rules.maxSeconds;
      const paused = timed.start - previous.end >= rules.pauseSeconds;
      const fits = wrapCaption(
        [...current, timed].map((w) => w.text),
        rules.maxLineChars,
        rules.maxLines,
      );
      if (paused) close();
      else if (tooLong || !fits) {
        // A full cue ends at its last clause or sentence end when it has one past its first third.
        const cut = current.findLastIndex((w, i) => i < current.length - 1 && CLAUSE_OR_SENTENCE.test(w.text));
        const carried = cut >= current.length / 3 ? current.splice(cut + 1) : [];
        close();
        current = carried;
      }
    }
    current.push(timed);
    const shown = timed.end - (current[0] as TimedWord).start;
    const chars = current.reduce((n, w) => n + w.text.length + 1, -1);
    if (SENTENCE_END.test(text) && shown >= rules.minSeconds) close();
    else if (CLAUSE_END.test(text) && chars >= rules.maxLineChars) close();
  }
  close();
  return groups.map((group, index) => {
    const start = (group[0] as TimedWord).start;
    const spoken = (group.at(-1) as TimedWord).end;
    const nextStart = groups[index + 1]?.[0]?.start ?? Number.POSITIVE_INFINITY;
    const end = Math.max(spoken, Math.min(start + rules.minSeconds, nextStart));
    const lines = wrapCaption(
      group.map((w) => w.text),
      rules.maxLineChars,
      Number.POSITIVE_INFINITY,
    ) as string[];
    return { start, end, lines, words: group };
  });
}
