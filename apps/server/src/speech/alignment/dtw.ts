/**
 * Multi-resolution dynamic time warping between two feature sequences (the recording's rows,
 * the synthetic speech's columns), with the symmetric step pattern aeneas uses:
 * D(i, j) = d(i, j) + min(D(i-1, j), D(i, j-1), D(i-1, j-1)), from (0, 0) to (n-1, m-1),
 * d the Euclidean distance between feature vectors.
 *
 * Full DTW is O(n·m) in time and memory: for a 10-minute recording (60,000 frames of 10 ms)
 * against a script of similar length that is 3.6·10⁹ cells. Instead:
 *
 * 1. Coarse pass: both sequences are averaged over `factor` frames (default 8, i.e. 80 ms) and
 *    aligned inside a Sakoe-Chiba band around the diagonal scaled to the two lengths
 *    (i·m/n), of half-width `max(bandSeconds, bandFraction · length)` (default 30 s or 25 %,
 *    and the whole matrix when it is small): O((n/F)·w) time and bytes, w the band width in
 *    coarse frames. 10 minutes: 7,500 rows × ~3,000 columns ≈ 22 M cells.
 * 2. Fine pass: at full resolution, only cells within `radius` frames (default 12, 120 ms) of
 *    the coarse path projected down: O(n·(F·m/n + 2·radius)) time and bytes, ~40 cells a row,
 *    2.4 M cells for 10 minutes.
 *
 * Only one step direction per cell is kept (a byte) plus two rows of costs, so memory is about
 * one byte per visited cell.
 */

/** A sequence of feature vectors: `frames` rows of `dims` values, row-major. */
export type FeatureMatrix = { frames: number; dims: number; data: Float32Array };

/** The warping path, from (0, 0) to (n-1, m-1): `rows[k]` (recording) is matched with `cols[k]` (synthetic). */
export type WarpPath = { rows: Int32Array; cols: Int32Array };

export type DtwOptions = {
  /** Frames averaged into one in the coarse pass (1: a single banded pass). */
  factor?: number;
  /** Half-width of the fine pass's window around the projected coarse path, in frames. */
  radius?: number;
  /** The coarse band's half-width, at least this many full-resolution frames (default 3000: 30 s) … */
  bandFrames?: number;
  /** … and at least this fraction of the longer sequence (default 0.25). */
  bandFraction?: number;
};

/** Which cells a pass may visit: for each row i, columns lo[i] … hi[i] (both non-decreasing). */
type Window = { lo: Int32Array; hi: Int32Array };

const DIAGONAL = 0;
const UP = 1;
const LEFT = 2;

/** Aligns two sequences; see the file comment for the passes and their cost. */
export function warp(a: FeatureMatrix, b: FeatureMatrix, options: DtwOptions = {}): WarpPath {
  if (a.frames === 0 || b.frames === 0) throw new Error('cannot align an empty sequence');
  if (a.dims !== b.dims) throw new Error('feature sizes differ');
  const factor = Math.max(1, Math.floor(options.factor ?? 8));
  const radius = Math.max(1, Math.floor(options.radius ?? 12));
  const bandFrames = options.bandFrames ?? 3000;
  const bandFraction = options.bandFraction ?? 0.25;

  const coarseA = factor > 1 ? downsample(a, factor) : a;
  const coarseB = factor > 1 ? downsample(b, factor) : b;
  const half = Math.ceil(Math.max(bandFrames / factor, bandFraction * Math.max(coarseA.frames, coarseB.frames)));
  const coarse = dtw(coarseA, coarseB, band(coarseA.frames, coarseB.frames, half));
  if (factor === 1) return coarse;
  return dtw(a, b, around(coarse, factor, radius, a.frames, b.frames));
}

/** Averages every `factor` frames into one. */
export function downsample(m: FeatureMatrix, factor: number): FeatureMatrix {
  const frames = Math.ceil(m.frames / factor);
  const data = new Float32Array(frames * m.dims);
  for (let f = 0; f < frames; f++) {
    const first = f * factor;
    const last = Math.min(m.frames, first + factor);
    for (let d = 0; d < m.dims; d++) {
      let sum = 0;
      for (let s = first; s < last; s++) sum += m.data[s * m.dims + d] as number;
      data[f * m.dims + d] = sum / (last - first);
    }
  }
  return { frames, dims: m.dims, data };
}

/** A Sakoe-Chiba band of half-width `half` around the diagonal from (0, 0) to (n-1, m-1). */
function band(n: number, m: number, half: number): Window {
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  const slope = n > 1 ? (m - 1) / (n - 1) : 0;
  for (let i = 0; i < n; i++) {
    const centre = i * slope;
    lo[i] = Math.max(0, Math.floor(centre - half));
    hi[i] = Math.min(m - 1, Math.ceil(centre + half));
  }
  lo[0] = 0;
  hi[n - 1] = m - 1;
  return { lo, hi };
}

/** The fine window: the coarse path's cells at full resolution, widened by `radius` each way. */
function around(path: WarpPath, factor: number, radius: number, n: number, m: number): Window {
  const rawLo = new Int32Array(n).fill(m);
  const rawHi = new Int32Array(n).fill(-1);
  for (let k = 0; k < path.rows.length; k++) {
    const firstRow = (path.rows[k] as number) * factor;
    const firstCol = (path.cols[k] as number) * factor;
    const lastCol = Math.min(m - 1, firstCol + factor - 1);
    for (let i = firstRow; i < Math.min(n, firstRow + factor); i++) {
      if (firstCol < (rawLo[i] as number)) rawLo[i] = firstCol;
      if (lastCol > (rawHi[i] as number)) rawHi[i] = lastCol;
    }
  }
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let min = m;
    let max = -1;
    for (let r = Math.max(0, i - radius); r <= Math.min(n - 1, i + radius); r++) {
      if ((rawLo[r] as number) < min) min = rawLo[r] as number;
      if ((rawHi[r] as number) > max) max = rawHi[r] as number;
    }
    lo[i] = Math.max(0, min - radius);
    hi[i] = Math.min(m - 1, max + radius);
  }
  lo[0] = 0;
  hi[n - 1] = m - 1;
  return { lo, hi };
}

/** DTW restricted to a window; returns the optimal path. */
function dtw(a: FeatureMatrix, b: FeatureMatrix, window: Window): WarpPath {
  const n = a.frames;
  const m = b.frames;
  const dims = a.dims;
  const { lo, hi } = window;
  const offsets = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = (offsets[i] as number) + ((hi[i] as number) - (lo[i] as number) + 1);
  const steps = new Uint8Array(offsets[n] as number);
  let previous = new Float64Array(m);
  let current = new Float64Array(m);
  let prevLo = 0;
  let prevHi = -1;

  for (let i = 0; i < n; i++) {
    const rowLo = lo[i] as number;
    const rowHi = hi[i] as number;
    const rowOffset = offsets[i] as number;
    const aRow = i * dims;
    for (let j = rowLo; j <= rowHi; j++) {
      let sum = 0;
      const bRow = j * dims;
      for (let d = 0; d < dims; d++) {
        const diff = (a.data[aRow + d] as number) - (b.data[bRow + d] as number);
        sum += diff * diff;
      }
      const cost = Math.sqrt(sum);
      let best = Number.POSITIVE_INFINITY;
      let step = DIAGONAL;
      if (i === 0 && j === 0) best = 0;
      if (i > 0 && j - 1 >= prevLo && j - 1 <= prevHi) {
        best = previous[j - 1] as number;
        step = DIAGONAL;
      }
      if (i > 0 && j >= prevLo && j <= prevHi && (previous[j] as number) < best) {
        best = previous[j] as number;
        step = UP;
      }
      if (j > rowLo && (current[j - 1] as number) < best) {
        best = current[j - 1] as number;
        step = LEFT;
      }
      current[j] = cost + best;
      steps[rowOffset + j - rowLo] = step;
    }
    [previous, current] = [current, previous];
    prevLo = rowLo;
    prevHi = rowHi;
  }
  if (!Number.isFinite(previous[m - 1] as number)) throw new Error('the alignment window does not connect');

  const rows: number[] = [];
  const cols: number[] = [];
  let i = n - 1;
  let j = m - 1;
  for (;;) {
    rows.push(i);
    cols.push(j);
    if (i === 0 && j === 0) break;
    const step = steps[(offsets[i] as number) + j - (lo[i] as number)];
    if (step === DIAGONAL) {
      i--;
      j--;
    } else if (step === UP) i--;
    else j--;
  }
  return { rows: Int32Array.from(rows.reverse()), cols: Int32Array.from(cols.reverse()) };
}

/**
 * For each column (synthetic frame), the first and last row (recording frame) the path matches
 * with it: a boundary where the synthetic speech starts maps to the first, one where it ends to
 * the last, so a pause the recording has and the synthetic speech lacks stays outside the words.
 */
export function rowsOfColumns(path: WarpPath, columns: number): { first: Int32Array; last: Int32Array } {
  const first = new Int32Array(columns).fill(-1);
  const last = new Int32Array(columns).fill(-1);
  for (let k = 0; k < path.rows.length; k++) {
    const j = path.cols[k] as number;
    const i = path.rows[k] as number;
    if ((first[j] as number) === -1) first[j] = i;
    last[j] = i;
  }
  return { first, last };
}
