import { describe, expect, it } from 'vitest';
import { canonicalJson, hashDocument, sha256Hex } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts object keys at every depth and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('gives the same text for the same document whatever the key order', () => {
    expect(canonicalJson({ x: 1, y: [1, 2], z: 'é' })).toBe(canonicalJson({ z: 'é', y: [1, 2], x: 1 }));
  });

  it('writes numbers in ECMAScript form, as RFC 8785 asks', () => {
    expect(canonicalJson([1.0, 0.1 + 0.2, 1e21, -0, 5e-7])).toBe('[1,0.30000000000000004,1e+21,0,5e-7]');
  });

  it('omits undefined properties and writes undefined array slots as null, like JSON', () => {
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
  });

  it('sorts keys by UTF-16 code units, not locale', () => {
    expect(canonicalJson({ b: 1, B: 2, é: 3, a: 4 })).toBe('{"B":2,"a":4,"b":1,"é":3}');
    // Integer-like keys too, which JavaScript itself lists in numeric order.
    expect(canonicalJson({ 9: 'a', 10: 'b', x: 'c' })).toBe('{"10":"b","9":"a","x":"c"}');
    // A character beyond the BMP sorts by its surrogates (0xD83D), before U+FB01.
    expect(canonicalJson({ ﬁ: 1, '😀': 2 })).toBe('{"😀":2,"ﬁ":1}');
  });

  it('uses the texts it is given for objects it meets, by identity', () => {
    const frame = { id: 'f1', items: [{ b: 2, a: 1 }] };
    const known = new WeakMap<object, string>([[frame, canonicalJson(frame)]]);
    const doc = { frames: [frame, { id: 'f2' }] };
    expect(canonicalJson(doc, known)).toBe(canonicalJson(doc));
    // A known text is taken as it is, so a text set for a frame shows in the document's.
    known.set(frame, '"kept"');
    expect(canonicalJson(doc, known)).toBe('{"frames":["kept",{"id":"f2"}]}');
    // An equal object that is not the same one is written out.
    expect(canonicalJson({ frames: [{ ...frame }] }, known)).toBe(`{"frames":[${canonicalJson(frame)}]}`);
  });

  it('refuses values JSON cannot hold', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/NaN/);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/function/);
  });
});

describe('sha256Hex and hashDocument', () => {
  it('hashes the UTF-8 bytes (known-answer vectors)', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('Reelwright ✓ — 動画')).toBe(
      '64159a52ca823ee50ec9d2f83591301870ae4b143b7610f7fb3776991a424c4b',
    );
  });

  it('hashes the canonical form, so key order does not matter', async () => {
    expect(await hashDocument({ a: 1, b: 2 })).toBe(await hashDocument({ b: 2, a: 1 }));
    expect(await hashDocument({ a: 1 })).not.toBe(await hashDocument({ a: 2 }));
  });
});
