import { plainText } from './keyword-highlight';
import type { Slide } from './schema';

/** A recognised word and when it was said, seconds into the recording. */
export type TranscriptWord = { content: string; start: number; end: number };

/** The transcription call's items (AWS Transcribe's shape: times as strings), as words. */
export function transcriptWords(
  items: readonly {
    type?: string;
    alternatives?: readonly { content?: string }[];
    start_time?: string;
    end_time?: string;
  }[],
): TranscriptWord[] {
  return items.flatMap((item) => {
    const content = item.alternatives?.[0]?.content ?? '';
    const start = Number(item.start_time);
    const end = Number(item.end_time);
    return item.type === 'pronunciation' && content && Number.isFinite(start) && Number.isFinite(end) && end >= start
      ? [{ content, start, end }]
      : [];
  });
}

/** A line's part of the recording. */
export type LineSync = { slideId: string; textId: string; startTime: number; endTime: number };

const normalise = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const tokens = (text: string) => plainText(text).split(/\s+/).map(normalise).filter(Boolean);

/**
 * Which part of one recording belongs to each slide line (spec 001 §4 "Transcription": the
 * recognised words are aligned to the slide texts). The script's words and the recognised ones
 * are matched by a global alignment (edit distance over whole words), so a misheard or skipped
 * word does not shift every line after it. A line runs from its first matched word's start to
 * its last one's end; a line with no match at all gets the gap between its neighbours.
 */
export function syncLinesToTranscript(slides: readonly Slide[], words: readonly TranscriptWord[]): LineSync[] {
  const lines = slides.flatMap((slide) =>
    slide.texts.map((text) => ({ slideId: slide.id, textId: text.id, words: tokens(text.text) })),
  );
  const script = lines.flatMap((line, lineIndex) => line.words.map((word) => ({ word, lineIndex })));
  const heard = words.map((w) => normalise(w.content));
  const matchOf = alignWords(
    script.map((s) => s.word),
    heard,
  );

  const spans = lines.map(() => ({ start: Number.NaN, end: Number.NaN }));
  matchOf.forEach((heardIndex, scriptIndex) => {
    if (heardIndex < 0) return;
    const span = spans[script[scriptIndex]!.lineIndex]!;
    const word = words[heardIndex]!;
    if (Number.isNaN(span.start)) span.start = word.start;
    span.end = word.end;
  });

  const total = words.length > 0 ? words[words.length - 1]!.end : 0;
  return lines.map((line, i) => {
    let { start, end } = spans[i]!;
    if (Number.isNaN(start)) {
      start = spans.slice(0, i).reduce((at, s) => (Number.isNaN(s.end) ? at : s.end), 0);
      end = spans.slice(i + 1).find((s) => !Number.isNaN(s.start))?.start ?? total;
    }
    return {
      slideId: line.slideId,
      textId: line.textId,
      startTime: round(start),
      endTime: round(Math.max(end, start)),
    };
  });
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * For each script word, the index of the recognised word it matches, or -1: a least-cost
 * alignment where a match costs 0, a skipped word on either side 1 and a substitution 2 (no
 * cheaper than skipping both), so the most words possible are matched.
 */
function alignWords(script: readonly string[], heard: readonly string[]): number[] {
  const n = script.length;
  const m = heard.length;
  const width = m + 1;
  const cost = new Uint32Array((n + 1) * width);
  for (let i = 0; i <= n; i++) cost[i * width] = i;
  for (let j = 0; j <= m; j++) cost[j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const pair = cost[(i - 1) * width + j - 1]! + (script[i - 1] === heard[j - 1] ? 0 : 2);
      cost[i * width + j] = Math.min(pair, cost[(i - 1) * width + j]! + 1, cost[i * width + j - 1]! + 1);
    }
  }
  const match = new Array<number>(n).fill(-1);
  for (let i = n, j = m; i > 0 && j > 0; ) {
    const here = cost[i * width + j]!;
    const same = script[i - 1] === heard[j - 1];
    if (here === cost[(i - 1) * width + j - 1]! + (same ? 0 : 2)) {
      if (same) match[i - 1] = j - 1;
      i--;
      j--;
    } else if (here === cost[(i - 1) * width + j]! + 1) i--;
    else j--;
  }
  return match;
}
