/**
 * What is spoken: the slide's text cleaned (asterisks stripped, spec 001 §5), then the member's
 * custom pronunciations applied (spec 000 §2), and the key its audio is cached under.
 */
import { createHash } from 'node:crypto';
import type { PronunciationWord } from '@reelwright/core';

/** Scripts written without spaces between words: a word there can only be matched anywhere. */
const UNSPACED =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\s]+$/u;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Letters, combining marks, digits and the underscore make up words. */
const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}_]';

/**
 * Replaces each pronunciation's word with how it should sound: whole words only (in any script;
 * punctuation next to a word does not stop it), case-insensitively, every occurrence. In scripts
 * without spaces between words (Chinese, Japanese, Thai …) the word matches anywhere. Longer
 * words win over shorter ones they contain, and a replacement is never replaced again.
 */
export function applyPronunciations(text: string, words: readonly PronunciationWord[]): string {
  const pairs = new Map<string, string>();
  for (const word of words) {
    const from = word.from.trim().replace(/\s+/g, ' ');
    const to = word.to.trim();
    if (from && to && !pairs.has(from.toLocaleLowerCase())) pairs.set(from.toLocaleLowerCase(), to);
  }
  if (pairs.size === 0) return text;
  const entries = [...pairs].sort(([a], [b]) => b.length - a.length);
  const alternatives = entries.map(([from]) => {
    const body = from.split(' ').map(escapeRegExp).join('\\s+');
    return UNSPACED.test(from) ? `(${body})` : `(?<!${WORD_CHAR})(${body})(?!${WORD_CHAR})`;
  });
  const pattern = new RegExp(alternatives.join('|'), 'giu');
  // Each word has its own group, so the replacement is found by position, not by re-casing the match.
  return text.replace(pattern, (match, ...groups: unknown[]) => {
    const index = groups.slice(0, entries.length).findIndex((group) => group !== undefined);
    return entries[index]?.[1] ?? match;
  });
}

/** What makes two clips the same sound. */
export type ClipIdentity = {
  provider: string;
  voiceId: string;
  /** The text as spoken (pronunciations applied). */
  text: string;
  rate?: number;
  pitch?: number;
};

/**
 * The SHA-256 (hex) a clip is cached under: provider, voice, text and options. Options at their
 * defaults (rate 1, pitch 0) key the same as options left out.
 */
export function clipKey(clip: ClipIdentity): string {
  const rate = clip.rate === undefined || clip.rate === 1 ? null : clip.rate;
  const pitch = clip.pitch === undefined || clip.pitch === 0 ? null : clip.pitch;
  const identity = JSON.stringify(['tts-v1', clip.provider, clip.voiceId, clip.text, rate, pitch]);
  return createHash('sha256').update(identity).digest('hex');
}
