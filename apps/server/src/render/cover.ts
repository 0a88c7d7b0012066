/**
 * Where the cover picture's pixels come from (D31): the source columns, rows and weights with
 * which `cover.wat` draws an image into a rectangle exactly as Skia's `drawImage(img, x, y, w, h)`
 * does with default smoothing — its legacy bilinear filter (SkBitmapProcState): 16.16 fixed-point
 * sample positions, 4-bit weights. The rules below were read back from Skia's output (ramp images
 * drawn through @napi-rs/canvas); `cover.test.ts` checks the pixels agree bit for bit.
 */
import type { Rect } from '@reelwright/scene';

const f32 = Math.fround;

/**
 * The smallest scale at which Skia draws a picture with the filter reproduced here. Below ½ it
 * resamples some other way, and just above ½ (0.5001–0.5005) slightly otherwise too; from 0.51
 * up the pixels agree bit for bit (tested from 0.51 to 3).
 */
const MIN_SCALE = 0.51;

/** Whether `cover.wat` draws a picture of `source` size into `rect` exactly as Skia does. */
export const drawsAsSkia = (rect: Rect, source: { width: number; height: number }) =>
  rect.width >= source.width * MIN_SCALE && rect.height >= source.height * MIN_SCALE;

/** Skia's legacy shader maps a span 127 pixels at a time, each run restarting from a pixel centre. */
const SPAN = 127;

/**
 * Skia's sample positions, 16.16 fixed point and already half a pixel back, for an image of
 * `source` size drawn into `rect`: one per output column (spans starting at column 0) and one per
 * output row. Worked out in float32 as Skia does:
 * - the matrix maps the image onto (x, y, x + w, y + h): scale (right − left) / width, then its
 *   inverse and the inverse's translate;
 * - when the forward scale is within 1/32768 of 1 both ways, the matrix counts as a pure
 *   translate (SkBitmapProcState's just-translate case);
 * - a pixel centre is mapped without a fused multiply-add, to 32.32 fixed point, minus half a
 *   pixel; along a row the position steps by the 32.32 inverse scale, restarting every 127 pixels.
 *
 * The 32.32 values stay below 2^53 here, so doubles hold them exactly.
 */
export function skiaSamplePositions(
  rect: Rect,
  source: { width: number; height: number },
  output: { width: number; height: number },
): { xs: Int32Array; ys: Int32Array } {
  const tx = f32(rect.x);
  const ty = f32(rect.y);
  const sx = f32(f32(f32(tx + f32(rect.width)) - tx) / source.width);
  const sy = f32(f32(f32(ty + f32(rect.height)) - ty) / source.height);
  let ix = f32(1 / sx);
  let iy = f32(1 / sy);
  let itx = f32(-tx * ix);
  let ity = f32(-ty * iy);
  const fsx = f32(1 / ix);
  const fsy = f32(1 / iy);
  if (Math.abs(f32(fsx - 1)) <= 1 / 32768 && Math.abs(f32(fsy - 1)) <= 1 / 32768) {
    itx = f32(itx * fsx);
    ity = f32(ity * fsy);
    ix = 1;
    iy = 1;
  }
  const fixed = (v: number) => Math.trunc(v * 2 ** 32) - 2 ** 31;
  const step = Math.trunc(ix * 2 ** 32);
  const xs = new Int32Array(output.width);
  const ys = new Int32Array(output.height);
  let fx = 0;
  for (let x = 0; x < output.width; x++) {
    if (x % SPAN === 0) fx = fixed(f32(f32((x + 0.5) * ix) + itx));
    xs[x] = Math.floor(fx / 65536);
    fx += step;
  }
  for (let y = 0; y < output.height; y++) ys[y] = Math.floor(fixed(f32(f32((y + 0.5) * iy) + ity)) / 65536);
  return { xs, ys };
}

/** Bytes of `cover.wat`'s tables for an output `width` (columns padded to blocks of 4) and `height`. */
export const coverTableBytes = (width: number, height: number) => ({
  xtab: Math.ceil(width / 4) * 64,
  ytab: height * 16,
});

/**
 * Writes `cover.wat`'s column and row tables (layout in its header) for drawing an image of
 * `source` size into `rect` of an `output`-sized frame. `xtab` and `ytab` are views of the
 * module's memory of `coverTableBytes` bytes.
 */
export function writeCoverTables(
  rect: Rect,
  source: { width: number; height: number },
  output: { width: number; height: number },
  xtab: DataView,
  ytab: DataView,
): void {
  const { xs, ys } = skiaSamplePositions(rect, source, output);
  const lastX = source.width - 1;
  const lastY = source.height - 1;
  const columns = Math.ceil(output.width / 4) * 4;
  for (let x = 0; x < columns; x++) {
    const position = xs[Math.min(x, output.width - 1)]!;
    let x0 = position >> 16;
    let weight = (position >> 12) & 15;
    // At a clamped edge the pixel is the edge pixel alone: weight 0 on x0 (x0 + 1 is not used).
    if (x0 < 0) [x0, weight] = [0, 0];
    else if (x0 >= lastX) [x0, weight] = [lastX, 0];
    const record = (x >> 1) * 32;
    const lane = x & 1;
    xtab.setInt32(record + lane * 4, x0 * 4, true);
    for (let c = 0; c < 4; c++) xtab.setInt16(record + 16 + lane * 8 + c * 2, weight, true);
  }
  for (let y = 0; y < output.height; y++) {
    const position = ys[y]!;
    let y0 = position >> 16;
    let y1 = y0 + 1;
    let weight = (position >> 12) & 15;
    if (y0 < 0) [y0, y1, weight] = [0, 0, 0];
    else if (y0 >= lastY) [y0, y1, weight] = [lastY, lastY, 0];
    ytab.setInt32(y * 16, y0, true);
    ytab.setInt32(y * 16 + 4, y1, true);
    ytab.setInt32(y * 16 + 8, weight, true);
  }
}
