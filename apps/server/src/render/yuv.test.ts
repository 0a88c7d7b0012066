import { describe, expect, it } from 'vitest';
import { compileWat } from './build-wasm';
import { RGBA_TO_I420_WASM } from './rgba-to-i420.wasm';
import { createI420Converter, rgbaToI420Reference } from './yuv';

/** An opaque RGBA test picture: gradients, noise and hard edges. */
function picture(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const p = (y * width + x) * 4;
      rgba[p] = (x * 255) / (width - 1);
      rgba[p + 1] = x < width / 3 ? (y * 255) / (height - 1) : seed >>> 24;
      rgba[p + 2] = (x + y) % 7 < 3 ? 255 : 0;
      rgba[p + 3] = 255;
    }
  }
  return rgba;
}

/** One colour over a 16 × 2 picture, converted: [Y, U, V] of its first pixel and chroma sample. */
function convertColour(r: number, g: number, b: number): number[] {
  const rgba = new Uint8Array(16 * 2 * 4);
  for (let p = 0; p < rgba.length; p += 4) rgba.set([r, g, b, 255], p);
  const out = createI420Converter(16, 2).convert(rgba, 0);
  return [out[0]!, out[32]!, out[40]!];
}

describe('RGBA → I420 (BT.709, limited range)', () => {
  it('embeds the module compiled from rgba-to-i420.wat', async () => {
    expect(Buffer.from(await compileWat('rgba-to-i420')).toString('base64')).toBe(RGBA_TO_I420_WASM);
  });

  it('gives the BT.709 values of black, white and the primaries', () => {
    expect(convertColour(0, 0, 0)).toEqual([16, 128, 128]);
    expect(convertColour(255, 255, 255)).toEqual([235, 128, 128]);
    expect(convertColour(255, 0, 0)).toEqual([63, 102, 240]);
    expect(convertColour(0, 255, 0)).toEqual([173, 42, 26]);
    expect(convertColour(0, 0, 255)).toEqual([32, 240, 118]);
  });

  // 1920: whole blocks; 50 and 34: a last block that overlaps the one before; 20 and 38 rows: strips
  // of 16 rows and a shorter last strip; 6: too narrow for SIMD.
  for (const [width, height] of [
    [1920, 4],
    [1920, 38],
    [50, 20],
    [34, 6],
    [6, 4],
  ] as const) {
    it(`matches the floating-point reference within 1 at ${width}×${height}`, () => {
      const rgba = picture(width, height);
      const expected = new Uint8Array((width * height * 3) / 2);
      rgbaToI420Reference(rgba, width, height, expected);
      const converter = createI420Converter(width, height, 2);
      expect(converter.frameBytes).toBe(expected.length);
      const other = converter.convert(new Uint8Array(rgba.length), 1);
      const out = converter.convert(rgba, 0);
      let worst = 0;
      for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(out[i]! - expected[i]!));
      expect(worst).toBeLessThanOrEqual(1);
      // The other slot kept its own frame (black: Y 16).
      expect(other[0]).toBe(16);
      // Each slot is where the converter says, in memory another thread can read without a copy.
      expect(converter.memory).toBeInstanceOf(SharedArrayBuffer);
      for (const [slot, view] of [out, other].entries()) {
        expect(view.buffer).toBe(converter.memory);
        expect(view.byteOffset).toBe(converter.slotOffsets[slot]);
      }
    });
  }

  it('refuses odd sides and frames of the wrong size', () => {
    expect(() => createI420Converter(33, 4)).toThrow(/even sides/);
    expect(() => createI420Converter(32, 4).convert(new Uint8Array(10), 0)).toThrow(/expected 512/);
  });
});
