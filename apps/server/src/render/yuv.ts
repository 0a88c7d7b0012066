/**
 * RGBA → I420 (yuv420p), BT.709 limited range, the colour conversion of the export (DESIGN §7).
 * Done here with WebAssembly SIMD (`rgba-to-i420.wat`) rather than by ffmpeg's swscale: about
 * 1 ms a 1080p frame against swscale's 6 ms, and the pipe to ffmpeg carries 1.5 bytes a pixel
 * instead of 4 (docs/benchmarks.md, "Rendering a movie").
 *
 * Luma per pixel, chroma from the mean of each 2×2 block (chroma sited between the pixels, as
 * JPEG and MPEG-1; x264's default MPEG-2 siting puts it on the left column — the difference is a
 * quarter of a pixel of chroma). Alpha is ignored: frames are opaque.
 *
 * A frame over a cover picture — an opaque photo filling it, as on the wizard's slides — can be
 * composed here instead of drawn whole by Skia and read back (D31): the picture is resampled as
 * Skia would draw it (`cover.wat`, `cover.ts`), what lies above it is blended over it, and each
 * strip of 16 rows is converted while it is still in the CPU's cache.
 */
import type { Rect } from '@reelwright/scene';
import { coverTableBytes, writeCoverTables } from './cover';
import { COVER_WASM } from './cover.wasm';
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
  /**
   * Whether the frame can be composed from a cover picture here (`setCover`, `setOverlay`,
   * `compose`): frames 16 pixels wide or more.
   */
  readonly composes: boolean;
  /** The key `setCover` kept its picture under, or null. */
  readonly coverKey: string | null;
  /**
   * Keeps an opaque picture (RGBA, `width × height`) for `compose` to draw under the overlay,
   * under `key` (its url); it replaces the picture kept before. False, keeping nothing, for a
   * picture larger than MAX_COVER_BYTES.
   */
  setCover(key: string, rgba: Uint8Array, width: number, height: number): boolean;
  /** Keeps a frame of premultiplied RGBA — what is drawn above the cover picture — for `compose`. */
  setOverlay(rgba: Uint8Array): void;
  /**
   * Converts into slot `slot` and returns the frame made of the kept picture drawn into `rect`
   * (output pixels, covering the frame) as Skia's `drawImage` draws it, bit for bit, with the kept
   * overlay over it (D31): the whole frame is never drawn by Skia, nor read back.
   */
  compose(rect: Rect, slot: number): Uint8Array;
};

/**
 * Rows converted at a time: each strip is copied into the module's memory and converted while it
 * is still in the CPU's cache (a whole 8 MB frame copied first and read again is not).
 */
const STRIP_ROWS = 16;

/** The largest cover picture kept (an 8K picture, 7680 × 4320, is 127 MiB): larger ones are drawn by Skia. */
const MAX_COVER_BYTES = 256 * 1024 * 1024;

/** WebAssembly pages are 64 KiB. */
const PAGE = 65536;

let compiled: { convert: WebAssembly.Module; cover: WebAssembly.Module } | null = null;

const modules = () =>
  (compiled ??= {
    convert: new WebAssembly.Module(Buffer.from(RGBA_TO_I420_WASM, 'base64')),
    cover: new WebAssembly.Module(Buffer.from(COVER_WASM, 'base64')),
  });

/** Rounds up to a multiple of 64 bytes (a cache line). */
const lines = (bytes: number) => Math.ceil(bytes / 64) * 64;

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
  const checkFrame = (rgba: Uint8Array) => {
    if (rgba.byteLength !== rgbaBytes) throw new Error(`Frame of ${rgba.byteLength} bytes, expected ${rgbaBytes}`);
  };
  const checkSlot = (slot: number) => {
    if (!Number.isInteger(slot) || slot < 0 || slot >= slots) throw new Error(`No output slot ${slot}`);
  };
  if (width < 16) {
    // Narrower than one SIMD block (16 pixels): the (slow) reference is fine for a few pixels.
    const memory = new SharedArrayBuffer(slots * frameBytes);
    const slotOffsets = Array.from({ length: slots }, (_, i) => i * frameBytes);
    const views = slotOffsets.map((offset) => new Uint8Array(memory, offset, frameBytes));
    const narrow = () => {
      throw new Error(`Frames narrower than 16 pixels are not composed (${width}×${height})`);
    };
    return {
      frameBytes,
      memory,
      slotOffsets,
      convert(rgba, slot) {
        checkFrame(rgba);
        checkSlot(slot);
        rgbaToI420Reference(rgba, width, height, views[slot]!);
        return views[slot]!;
      },
      composes: false,
      coverKey: null,
      setCover: narrow,
      setOverlay: narrow,
      compose: narrow,
    };
  }
  // The module's memory, in order: the strip being converted (16 bytes of slack: `cover.wat`
  // writes whole blocks of 4 pixels), the slots, the overlay, the cover tables and filtered rows,
  // and last the cover picture, which grows the memory as pictures need.
  const stripBytes = width * STRIP_ROWS * 4;
  const slotBytes = lines(frameBytes);
  const tables = coverTableBytes(width, height);
  const blocks = Math.ceil(width / 4);
  const first = lines(stripBytes + 16);
  const overlayAt = first + slots * slotBytes;
  const xtabAt = overlayAt + lines(rgbaBytes);
  const ytabAt = xtabAt + lines(tables.xtab);
  const rowsAt = ytabAt + lines(tables.ytab);
  const coverAt = rowsAt + lines(2 * blocks * 32);
  const initial = Math.ceil(coverAt / PAGE);
  const maximum = initial + Math.ceil((MAX_COVER_BYTES + 16) / PAGE);
  const wasmMemory = new WebAssembly.Memory({ initial, maximum, shared: true });
  const { convert: convertModule, cover: coverModule } = modules();
  const env = { env: { memory: wasmMemory } };
  const rgbaToI420 = new WebAssembly.Instance(convertModule, env).exports.rgbaToI420 as (
    src: number,
    w: number,
    rows: number,
    dy: number,
    du: number,
    dv: number,
  ) => void;
  const cover = new WebAssembly.Instance(coverModule, env).exports as {
    resample(...args: [number, number, number, number, number, number, number, number, number]): void;
    blendOver(dst: number, src: number, bytes: number): void;
    anyVisible(src: number, bytes: number): number;
  };
  // Growing the memory gives it a new, longer buffer; views made before stay valid over their range.
  const buffer = () => wasmMemory.buffer as unknown as SharedArrayBuffer;
  const memory = buffer();
  const strip = new Uint8Array(memory, 0, stripBytes);
  const slotOffsets = Array.from({ length: slots }, (_, i) => first + i * slotBytes);
  const views = slotOffsets.map((offset) => new Uint8Array(memory, offset, frameBytes));
  const overlay = new Uint8Array(memory, overlayAt, rgbaBytes);
  const xtab = new DataView(memory, xtabAt, tables.xtab);
  const ytab = new DataView(memory, ytabAt, tables.ytab);
  const lumaBytes = width * height;
  const chromaRow = width / 2;
  const rowBytes = width * 4;
  const strips = Math.ceil(height / STRIP_ROWS);
  /** Per strip of rows, whether the overlay has a pixel that is not transparent there. */
  const overlayShows = new Uint8Array(strips);
  let picture: { key: string; width: number; height: number } | null = null;

  /** Converts the strip buffer's `rows` rows into rows `row`… of slot `slot`. */
  const convertStrip = (row: number, rows: number, slot: number) => {
    const y0 = slotOffsets[slot]!;
    const u0 = y0 + lumaBytes;
    const v0 = u0 + lumaBytes / 4;
    const chroma = (row / 2) * chromaRow;
    rgbaToI420(0, width, rows, y0 + row * width, u0 + chroma, v0 + chroma);
  };

  return {
    frameBytes,
    memory,
    slotOffsets,
    convert(rgba, slot) {
      checkFrame(rgba);
      checkSlot(slot);
      for (let row = 0; row < height; row += STRIP_ROWS) {
        const rows = Math.min(STRIP_ROWS, height - row);
        strip.set(rgba.subarray(row * rowBytes, (row + rows) * rowBytes));
        convertStrip(row, rows, slot);
      }
      return views[slot]!;
    },
    composes: true,
    get coverKey() {
      return picture?.key ?? null;
    },
    setCover(key, rgba, pictureWidth, pictureHeight) {
      const bytes = pictureWidth * pictureHeight * 4;
      if (rgba.byteLength !== bytes) throw new Error(`Picture of ${rgba.byteLength} bytes, expected ${bytes}`);
      if (bytes > MAX_COVER_BYTES) return false;
      // 16 bytes of slack: the filter reads a pixel past the end of a row.
      const needed = Math.ceil((coverAt + bytes + 16) / PAGE) - buffer().byteLength / PAGE;
      if (needed > 0) wasmMemory.grow(needed);
      new Uint8Array(buffer(), coverAt, bytes).set(rgba);
      picture = { key, width: pictureWidth, height: pictureHeight };
      return true;
    },
    setOverlay(rgba) {
      checkFrame(rgba);
      overlay.set(rgba);
      for (let i = 0; i < strips; i++) {
        const rows = Math.min(STRIP_ROWS, height - i * STRIP_ROWS);
        overlayShows[i] = cover.anyVisible(overlayAt + i * STRIP_ROWS * rowBytes, rows * rowBytes);
      }
    },
    compose(rect, slot) {
      checkSlot(slot);
      if (!picture) throw new Error('No cover picture kept to compose');
      writeCoverTables(rect, picture, { width, height }, xtab, ytab);
      for (let row = 0, i = 0; row < height; row += STRIP_ROWS, i++) {
        const rows = Math.min(STRIP_ROWS, height - row);
        const tableRow = ytabAt + row * 16;
        cover.resample(coverAt, picture.width * 4, 0, rowBytes, xtabAt, blocks, tableRow, rows, rowsAt);
        if (overlayShows[i]) cover.blendOver(0, overlayAt + row * rowBytes, rows * rowBytes);
        convertStrip(row, rows, slot);
      }
      return views[slot]!;
    },
  };
}
