/**
 * Canonical JSON (RFC 8785 style: object keys sorted by UTF-16 code units, no whitespace,
 * numbers in ECMAScript form) and its SHA-256. Client and server hash the same document the same
 * way, so a patch can be checked against the state the client meant to reach (spec 000 §4).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('Canonical JSON cannot hold NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
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
