/** How deep a stored JSON value may nest; deeper is a broken or hostile document. */
export const JSON_MAX_DEPTH = 100;

/** A string PostgreSQL's jsonb refuses: a NUL character or half of a surrogate pair. */
const UNSTORABLE_TEXT = /\0|\p{Cs}/u;

/**
 * Why a parsed JSON value cannot be stored as jsonb and hashed, or null when it can. jsonb
 * refuses NUL characters and lone surrogates, numbers like 1e400 parse to Infinity (which has no
 * JSON form), and very deep nesting would exhaust the stack while hashing. Checking first turns
 * what would be a 500 from the database into a 400 that names the place.
 */
export function findUnstorableJson(value: unknown, path: readonly (string | number)[] = []): string | null {
  const where = () => (path.length ? `${path.join('.')}: ` : '');
  // No path here: a hostile one is a hundred keys of any length.
  if (path.length > JSON_MAX_DEPTH) return `nested more than ${JSON_MAX_DEPTH} levels deep`;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${where()}number out of range`;
  if (typeof value === 'string') {
    return UNSTORABLE_TEXT.test(value) ? `${where()}text holds a NUL character or a broken surrogate` : null;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const problem = findUnstorableJson(value[index], [...path, index]);
      if (problem) return problem;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE_TEXT.test(key)) return `${where()}a key holds a NUL character or a broken surrogate`;
      const problem = findUnstorableJson(item, [...path, key]);
      if (problem) return problem;
    }
  }
  return null;
}
