/**
 * The script as the aligner reads it: slide texts → fragments (sentences, and long sentences cut
 * at commas, semicolons, colons and dashes into phrases) → words. Each fragment is synthesised
 * on its own, so where it starts and ends in the synthetic speech is known exactly; the more
 * fragments, the more exact anchors.
 */
import { cleanSpeechText } from '@reelwright/core';

/** A word as transcripts give it: without the punctuation around it. */
export type ScriptWord = {
  content: string;
  /** Its share of the fragment's speaking time: letters and digits in it (at least 1). */
  weight: number;
  /** The fragment's text from this word on (spoken alone, it tells where the word starts). */
  remainder: string;
  /** Punctuation follows it in the fragment (a comma, a dash …). */
  punctuated: boolean;
};

/** A piece of the script spoken on its own. */
export type Fragment = {
  /** What eSpeak is given (the original text, punctuation kept for its intonation). */
  text: string;
  words: ScriptWord[];
  /** Index of the slide text it comes from. */
  text_index: number;
};

/** A phrase shorter than this many words is joined to the next one rather than spoken alone. */
const MIN_PHRASE_WORDS = 4;

const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
const SPOKEN_CHAR = /[\p{L}\p{N}]/gu;
const EDGE_END = /[\p{P}\p{S}]$/u;

function wordsOf(text: string): ScriptWord[] {
  const words: ScriptWord[] = [];
  const tokens = text.split(/\s+/).filter(Boolean);
  tokens.forEach((raw, index) => {
    const content = raw.replace(EDGE_PUNCTUATION, '');
    if (!content) return;
    const weight = Math.max(1, content.match(SPOKEN_CHAR)?.length ?? 0);
    words.push({ content, weight, remainder: tokens.slice(index).join(' '), punctuated: EDGE_END.test(raw) });
  });
  return words;
}

/** Sentences: text up to . ! ? … (and their CJK forms) followed by space or the end, or a line break. */
function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.match(/[^.!?…。！？]+(?:[.!?…。！？]+["'”’)\]]*|$)/gu) ?? [])
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Phrases of a sentence: cut after , ; : and around dashes, short pieces joined to the next. */
function phrasesOf(sentence: string): string[] {
  const pieces = sentence.split(/(?<=[,;:，；：])\s+|\s+[—–-]+\s+/u).filter((p) => p.trim());
  const phrases: string[] = [];
  let pending = '';
  for (const piece of pieces) {
    pending = pending ? `${pending} ${piece}` : piece;
    if (wordsOf(pending).length >= MIN_PHRASE_WORDS) {
      phrases.push(pending);
      pending = '';
    }
  }
  if (pending) {
    if (phrases.length > 0 && wordsOf(pending).length < MIN_PHRASE_WORDS) {
      phrases.push(`${phrases.pop()} ${pending}`);
    } else phrases.push(pending);
  }
  return phrases;
}

/** Cuts slide texts (asterisks stripped, as for speech) into fragments that have words. */
export function fragmentsOf(texts: readonly string[], options: { phrases?: boolean } = {}): Fragment[] {
  const fragments: Fragment[] = [];
  texts.forEach((raw, text_index) => {
    // Asterisks are the spec's emphasis marks, never spoken (as for speech, `cleanSpeechText`).
    for (const sentence of sentencesOf(raw.replaceAll('*', ''))) {
      const pieces = options.phrases === false ? [sentence] : phrasesOf(sentence);
      for (const piece of pieces) {
        const words = wordsOf(piece);
        if (words.length > 0) fragments.push({ text: cleanSpeechText(piece), words, text_index });
      }
    }
  });
  return fragments;
}
