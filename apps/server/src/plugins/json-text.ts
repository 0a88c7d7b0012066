/**
 * Checks on JSON and query text before it reaches a schema or the database: how deep it nests,
 * and whether a string holds what PostgreSQL cannot store as text (a NUL character, or half of a
 * surrogate pair, which jsonb refuses).
 */

/** Deepest nesting a request body may have; real bodies stay under 10. */
export const JSON_BODY_MAX_DEPTH = 64;

const UNSTORABLE_TEXT = /\0|\p{Cs}/u;

/**
 * Whether `text` nests arrays and objects deeper than `max`, read without parsing (so a hostile
 * body costs one pass over its bytes). Brackets inside strings do not count; text that is not
 * JSON gives some answer, and the parser refuses it afterwards.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = endOfString(text, i);
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** The index of the quote closing the string that opens at `start` (or the end of the text). */
function endOfString(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c /* \ */) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

/**
 * Where in a parsed value (body, query or path parameters) a string or key holds a NUL character
 * or a lone surrogate: the path as `a.b.0`, '' for the value itself; undefined when nowhere.
 */
export function unstorableTextPath(value: unknown, path: readonly (string | number)[] = []): string | undefined {
  if (typeof value === 'string') return UNSTORABLE_TEXT.test(value) ? path.join('.') : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE_TEXT.test(key)) return [...path, JSON.stringify(key).slice(1, -1)].join('.');
    const found = unstorableTextPath(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
