/**
 * RGBA → I420 (yuv420p), BT.709 limited range, the colour conversion of the export (DESIGN §7).
 * Done here with WebAssembly SIMD (`rgba-to-i420.wat`) rather than by ffmpeg's swscale: about
 * 1 ms a 1080p frame against swscale's 6 ms, and the pipe to ffmpeg carries 1.5 bytes a pixel
 * instead of 4 (docs/benchmarks.md, "Rendering a movie").
 *
 * Luma per pixel, chroma from the mean of each 2×2 block (chroma sited between the pixels, as
 * JPEG and MPEG-1; x264's default MPEG-2 siting puts it on the left column — the difference is a
 * quarter of a pixel of chroma). Alpha is ignored: frames are opaque.
 */
import { RGBA_TO_I420_WASM } from './rgba-to-i420.wasm';

/** A converter for one frame size with `slots` output slots in memory other threads can read. */
export type I420Converter = {
  /** Bytes of one I420 frame (width · height · 1.5). */
  readonly frameBytes: number;
  /**
   * The memory the slots live in, shared: the pipeline's thread writes a converted frame to
   * ffmpeg from it, so frames cross threads without a copy.
   */
  readonly memory: SharedArrayBuffer;
  /** Where each slot's frame starts in `memory`. */
  readonly slotOffsets: readonly number[];
  /**
   * Converts one frame of RGBA pixels (premultiplied or straight, opaque) into slot `slot` and
   * returns it: a view that stays valid until the same slot is converted into again.
   */
  convert(rgba: Uint8Array, slot: number): Uint8Array;
};

/**
 * Rows converted at a time: each strip is copied into the module's memory and converted while it
 * is still in the CPU's cache (a whole 8 MB frame copied first and read again is not).
 */
const STRIP_ROWS = 16;

/** WebAssembly pages are 64 KiB. */
const PAGE = 65536;

let compiled: WebAssembly.Module | null = null;

/** BT.709 limited range, float: the reference the fixed-point code is tested against. */
export function rgbaToI420Reference(rgba: Uint8Array, width: number, height: number, out: Uint8Array): void {
  const luma = (r: number, g: number, b: number) => 16 + (219 * (0.2126 * r + 0.7152 * g + 0.0722 * b)) / 255;
  const cw = width / 2;
  const u = width * height;
  const v = u + u / 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      out[y * width + x] = Math.round(luma(rgba[p]!, rgba[p + 1]!, rgba[p + 2]!));
    }
  }
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const p of [y * width + x, y * width + x + 1, (y + 1) * width + x, (y + 1) * width + x + 1]) {
        r += rgba[p * 4]! / 4;
        g += rgba[p * 4 + 1]! / 4;
        b += rgba[p * 4 + 2]! / 4;
      }
      const yy = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      const c = (y / 2) * cw + x / 2;
      out[u + c] = Math.round(128 + (224 * (b - yy)) / 1.8556 / 255);
      out[v + c] = Math.round(128 + (224 * (r - yy)) / 1.5748 / 255);
    }
  }
}

/** A converter for `width × height` frames (even sides) with `slots` output slots. */
export function createI420Converter(width: number, height: number, slots = 1): I420Converter {
  if (width % 2 || height % 2) throw new Error(`I420 needs even sides, not ${width}×${height}`);
  const rgbaBytes = width * height * 4;
  const frameBytes = (width * height * 3) / 2;
  const checked = (rgba: Uint8Array, slot: number) => {
    if (rgba.byteLength !== rgbaBytes) throw new Error(`Frame of ${rgba.byteLength} bytes, expected ${rgbaBytes}`);
    if (!Number.isInteger(slot) || slot < 0 || slot >= slots) throw new Error(`No output slot ${slot}`);
  };
  if (width < 16) {
    // Narrower than one SIMD block (16 pixels): the (slow) reference is fine for a few pixels.
    const memory = new SharedArrayBuffer(slots * frameBytes);
    const slotOffsets = Array.from({ length: slots }, (_, i) => i * frameBytes);
    const views = slotOffsets.map((offset) => new Uint8Array(memory, offset, frameBytes));
    return {
      frameBytes,
      memory,
      slotOffsets,
      convert(rgba, slot) {
        checked(rgba, slot);
        rgbaToI420Reference(rgba, width, height, views[slot]!);
        return views[slot]!;
      },
    };
  }
  const stripBytes = width * STRIP_ROWS * 4;
  // Slots start on 64-byte boundaries after the strip (cache lines).
  const slotBytes = Math.ceil(frameBytes / 64) * 64;
  const first = Math.ceil(stripBytes / 64) * 64;
  const pages = Math.ceil((first + slots * slotBytes) / PAGE);
  const wasmMemory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
  compiled ??= new WebAssembly.Module(Buffer.from(RGBA_TO_I420_WASM, 'base64'));
  const instance = new WebAssembly.Instance(compiled, { env: { memory: wasmMemory } });
  const rgbaToI420 = instance.exports.rgbaToI420 as (
    src: number,
    w: number,
    rows: number,
    dy: number,
    du: number,
    dv: number,
  ) => void;
  const memory = wasmMemory.buffer as unknown as SharedArrayBuffer;
  const strip = new Uint8Array(memory, 0, stripBytes);
  const slotOffsets = Array.from({ length: slots }, (_, i) => first + i * slotBytes);
  const views = slotOffsets.map((offset) => new Uint8Array(memory, offset, frameBytes));
  const lumaBytes = width * height;
  const chromaRow = width / 2;
  const rowBytes = width * 4;
  return {
    frameBytes,
    memory,
    slotOffsets,
    convert(rgba, slot) {
      checked(rgba, slot);
      const y0 = slotOffsets[slot]!;
      const u0 = y0 + lumaBytes;
      const v0 = u0 + lumaBytes / 4;
      for (let row = 0; row < height; row += STRIP_ROWS) {
        const rows = Math.min(STRIP_ROWS, height - row);
        strip.set(rgba.subarray(row * rowBytes, (row + rows) * rowBytes));
        const chroma = (row / 2) * chromaRow;
        rgbaToI420(0, width, rows, y0 + row * width, u0 + chroma, v0 + chroma);
      }
      return views[slot]!;
    },
  };
}
