/** How deep a stored JSON value may nest; deeper is a broken or hostile document. */
export const JSON_MAX_DEPTH = 100;

/** A string PostgreSQL's jsonb refuses: a NUL character or half of a surrogate pair. */
const UNSTORABLE_TEXT = /\0|\p{Cs}/u;

/**
 * Why a parsed JSON value cannot be stored as jsonb and hashed, or null when it can. jsonb
 * refuses NUL characters and lone surrogates, numbers like 1e400 parse to Infinity (which has no
 * JSON form), and very deep nesting would exhaust the stack while hashing. Checking first turns
 * what would be a 500 from the database into a 400 that names the place. `at` is where `value`
 * sits in its document, when it is part of one.
 */
export function findUnstorableJson(value: unknown, at: readonly (string | number)[] = []): string | null {
  // One path, extended and shortened on the way: a copy per value cost more than the check.
  const path: (string | number)[] = [...at];
  const where = () => (path.length ? `${path.join('.')}: ` : '');
  const check = (item: unknown): string | null => {
    // No path here: a hostile one is a hundred keys of any length.
    if (path.length > JSON_MAX_DEPTH) return `nested more than ${JSON_MAX_DEPTH} levels deep`;
    if (typeof item === 'number') return Number.isFinite(item) ? null : `${where()}number out of range`;
    if (typeof item === 'string') {
      return UNSTORABLE_TEXT.test(item) ? `${where()}text holds a NUL character or a broken surrogate` : null;
    }
    if (item === null || typeof item !== 'object') return null;
    const entries: [string | number, unknown][] = Array.isArray(item)
      ? item.map((element, index) => [index, element])
      : Object.entries(item);
    for (const [key, element] of entries) {
      if (typeof key === 'string' && UNSTORABLE_TEXT.test(key)) {
        return `${where()}a key holds a NUL character or a broken surrogate`;
      }
      path.push(key);
      const problem = check(element);
      path.pop();
      if (problem) return problem;
    }
    return null;
  };
  return check(value);
}
