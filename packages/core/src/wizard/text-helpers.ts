/** Small text helpers shared by the listicle and quiz builders. */

/** Ends with sentence punctuation (optionally followed by a closing quote or bracket). */
const SENTENCE_END = /[.!?…]["'”’)\]]*$/;

/** `text` with a full stop added unless it already ends a sentence, so the next text starts a new one. */
export function endSentence(text: string): string {
  return SENTENCE_END.test(text) ? text : `${text}.`;
}

/** `text` with its first character upper-cased. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Trims and joins the non-empty parts with a space. */
export function joinSentences(...parts: string[]): string {
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');
}
