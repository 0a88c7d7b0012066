import { splitParagraphs } from './article-text';

/** A sentence of the body, where it sits, and whether a line break followed it in its paragraph. */
type Sentence = { text: string; paragraph: number; lineBreakAfter: boolean };

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

function sentencesOf(body: string): Sentence[] {
  return splitParagraphs(body).flatMap((paragraph, index) =>
    Array.from(segmenter.segment(paragraph), ({ segment }) => ({
      text: segment.trim(),
      paragraph: index,
      lineBreakAfter: /\n\s*$/.test(segment),
    })).filter((sentence) => sentence.text !== ''),
  );
}

/**
 * The sentences of `text` (`Intl.Segmenter`, sentence granularity), trimmed, empty ones dropped.
 * A sentence never spans a paragraph break (blank line).
 */
export function splitSentences(text: string): string[] {
  return sentencesOf(text).map((sentence) => sentence.text);
}

/** The number of sentences {@link splitSentences} finds. */
export function countSentences(body: string): number {
  return sentencesOf(body).length;
}

/** Common English words left out when comparing sentences. */
export const STOPWORDS = new Set(
  (
    'a an and are as at be been but by for from had has have he her his i if in into is it its ' +
    'me my no not of on or our she so than that the their them then there these they this to ' +
    'was we were what when which who will with would you your'
  ).split(' '),
);

function contentWords(sentence: string): Set<string> {
  const words = sentence.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [];
  return new Set(words.filter((word) => !STOPWORDS.has(word)));
}

/**
 * TextRank's sentence similarity (Mihalcea & Tarau 2004): shared words over the sum of the log
 * lengths. Two one-word sentences have a zero denominator; their similarity is their overlap.
 */
function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  if (shared === 0) return 0;
  const norm = Math.log(a.size) + Math.log(b.size);
  return norm > 0 ? shared / norm : shared;
}

const DAMPING = 0.85;
const MAX_ITERATIONS = 100;
const CONVERGED = 1e-6;

/** Weighted PageRank over the similarity graph: each sentence's score. */
function rank(weights: number[][]): number[] {
  const n = weights.length;
  const outSums = weights.map((row) => row.reduce((sum, w) => sum + w, 0));
  let scores = new Array<number>(n).fill(1);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next = scores.map((_, i) => {
      let incoming = 0;
      for (let j = 0; j < n; j++) {
        const w = weights[j]?.[i] ?? 0;
        const out = outSums[j] ?? 0;
        if (w > 0 && out > 0) incoming += (w / out) * (scores[j] ?? 0);
      }
      return 1 - DAMPING + DAMPING * incoming;
    });
    const change = next.reduce((max, s, i) => Math.max(max, Math.abs(s - (scores[i] ?? 0))), 0);
    scores = next;
    if (change < CONVERGED) break;
  }
  return scores;
}

/**
 * TextRank scores of whole passages (slides, paragraphs) by the same similarity the summary uses:
 * higher is more central to the text. Deterministic; one score per passage, in order.
 */
export function rankPassages(passages: readonly string[]): number[] {
  const words = passages.map(contentWords);
  return rank(words.map((a, i) => words.map((b, j) => (i === j ? 0 : similarity(a, b)))));
}

/** Joins sentences back into paragraphs, keeping a line break where the input had one. */
function assemble(sentences: Sentence[]): string {
  const paragraphs: string[] = [];
  let current = '';
  sentences.forEach((sentence, i) => {
    const previous = sentences[i - 1];
    if (!previous || previous.paragraph !== sentence.paragraph) {
      if (previous) paragraphs.push(current);
      current = sentence.text;
    } else {
      current += (previous.lineBreakAfter ? '\n' : ' ') + sentence.text;
    }
  });
  if (sentences.length > 0) paragraphs.push(current);
  return paragraphs.join('\n\n');
}

/**
 * 'Shorten to about N slides': an extractive TextRank summary. Sentences are ranked by PageRank
 * (damping 0.85) over a graph weighted by word-overlap similarity of their lower-cased words minus
 * common English words; the best `targetSentences` (ties go to the earlier sentence) are output in
 * their original order, whole and verbatim, sentences of the same paragraph in one paragraph and
 * paragraphs separated by a blank line. A body of at most `targetSentences` sentences comes back
 * unchanged apart from its paragraph spacing. Deterministic.
 */
export function summariseArticle(body: string, targetSentences: number): string {
  const sentences = sentencesOf(body);
  const target = Math.max(1, Math.floor(targetSentences));
  if (sentences.length <= target) return splitParagraphs(body).join('\n\n');
  const scores = rankPassages(sentences.map((sentence) => sentence.text));
  const chosen = scores
    .map((score, index) => ({ score, index }))
    .sort((x, y) => (Math.abs(y.score - x.score) > 1e-12 ? y.score - x.score : x.index - y.index))
    .slice(0, target)
    .map((entry) => entry.index)
    .sort((x, y) => x - y);
  return assemble(chosen.flatMap((index) => sentences.slice(index, index + 1)));
}
