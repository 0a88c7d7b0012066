/**
 * Canonical JSON (RFC 8785 style: object keys sorted by UTF-16 code units, no whitespace,
 * numbers in ECMAScript form) and its SHA-256. Client and server hash the same document the same
 * way, so a patch can be checked against the state the client meant to reach (spec 000 §4).
 */

/**
 * Canonical texts already made for some objects of a document, by identity. A server that keeps a
 * stored document and patches a copy sharing its untouched parts (a frame, say) looks their texts
 * up instead of writing them again. The caller keeps them right: a kept object is never changed.
 */
export type KnownTexts = WeakMap<object, string>;

/** The canonical text of a JSON value; `known` holds texts already made for some of its objects. */
export function canonicalJson(value: unknown, known?: KnownTexts): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('Canonical JSON cannot hold NaN or Infinity');
    return JSON.stringify(value);
  }
  const text = known?.get(value as object);
  if (text !== undefined) return text;
  // Loops and one string rather than entries, filter, sort, map and join: every save hashes the
  // whole document (client and server), and the intermediate arrays were most of the time.
  if (Array.isArray(value)) {
    let json = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) json += ',';
      const item = value[index];
      json += item === undefined ? 'null' : canonicalJson(item, known);
    }
    return `${json}]`;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // The default sort compares UTF-16 code units, as RFC 8785 asks.
    const keys = Object.keys(record).sort();
    let json = '{';
    for (const key of keys) {
      const item = record[key];
      if (item === undefined) continue;
      if (json.length > 1) json += ',';
      json += `${JSON.stringify(key)}:${canonicalJson(item, known)}`;
    }
    return `${json}}`;
  }
  throw new TypeError(`Canonical JSON cannot hold a ${typeof value}`);
}

/** Hex SHA-256 of a string's UTF-8 bytes, with the platform's WebCrypto (browser and Node ≥ 20). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The hash a patch carries: SHA-256 of the canonical JSON of the resulting document. */
export function hashDocument(value: unknown): Promise<string> {
  return sha256Hex(canonicalJson(value));
}
