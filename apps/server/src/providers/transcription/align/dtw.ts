/**
 * Multi-resolution dynamic time warping between two feature sequences (the recording's rows,
 * the synthetic speech's columns), with the symmetric step pattern aeneas uses:
 * D(i, j) = d(i, j) + min(D(i-1, j), D(i, j-1), D(i-1, j-1)), from (0, 0) to (n-1, m-1),
 * d the Euclidean distance between feature vectors. With a pause model (`PauseModel`) a cell
 * on a word boundary's column may instead be a pause: then it costs the recording frame's pause
 * cost, and each cell keeps two costs, speaking and pausing, each with its own best predecessor.
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
 * Only the two states' steps per cell are kept (a byte) plus two rows of costs for each state,
 * so memory is about one byte per visited cell.
 */

/** A sequence of feature vectors: `frames` rows of `dims` values, row-major. */
export type FeatureMatrix = { frames: number; dims: number; data: Float32Array };

/**
 * The warping path, from (0, 0) to (n-1, m-1): `rows[k]` (recording) is matched with `cols[k]`
 * (synthetic); `paused[k]` is 1 where the recording pauses there instead.
 */
export type WarpPath = { rows: Int32Array; cols: Int32Array; paused: Uint8Array };

/**
 * Where and how the speaker may pause. On the marked columns (the synthetic speech's word
 * boundaries) the path may match recording frames as a pause rather than as speech: a frame then
 * costs its distance to `template` (the recording's room tone) plus its `loudness` cost, instead
 * of its distance to the column, so the path dwells there through a pause instead of spreading
 * the words around it into the pause. Starting a pause on column j costs `entry[j]` once.
 */
export type PauseModel = { template: Float32Array; loudness: Float32Array; columns: Uint8Array; entry: Float32Array };

/** A pause model for one pass: each row's pause cost, and the columns' marks and entry costs. */
type PassPauses = { rowCost: Float64Array; columns: Uint8Array; entry: Float32Array };

export type DtwOptions = {
  /** Frames averaged into one in the coarse pass (1: a single banded pass). */
  factor?: number;
  /** Half-width of the fine pass's window around the projected coarse path, in frames. */
  radius?: number;
  /** The coarse band's half-width, at least this many full-resolution frames (default 3000: 30 s) … */
  bandFrames?: number;
  /** … and at least this fraction of the longer sequence (default 0.25). */
  bandFraction?: number;
  /**
   * What a step up or left costs on top of its cell while speaking (default 0): it stretches one
   * signal against the other, so a cost keeps the path to the speaker's pace, and keeps it from
   * running through a word of the synthetic speech on a few frames of a pause.
   */
  stretchCost?: number;
};

/** Which cells a pass may visit: for each row i, columns lo[i] … hi[i] (both non-decreasing). */
type Window = { lo: Int32Array; hi: Int32Array };

const DIAGONAL = 0;
const UP = 1;
const LEFT = 2;
/** Set on a step when the predecessor was pausing. */
const FROM_PAUSE = 4;

/** Aligns two sequences; see the file comment for the passes and their cost. */
export function warp(a: FeatureMatrix, b: FeatureMatrix, options: DtwOptions = {}, pauses?: PauseModel): WarpPath {
  if (a.frames === 0 || b.frames === 0) throw new Error('cannot align an empty sequence');
  if (a.dims !== b.dims) throw new Error('feature sizes differ');
  const factor = Math.max(1, Math.floor(options.factor ?? 8));
  const radius = Math.max(1, Math.floor(options.radius ?? 12));
  const bandFrames = options.bandFrames ?? 3000;
  const bandFraction = options.bandFraction ?? 0.25;

  const coarseA = factor > 1 ? downsample(a, factor) : a;
  const coarseB = factor > 1 ? downsample(b, factor) : b;
  const half = Math.ceil(Math.max(bandFrames / factor, bandFraction * Math.max(coarseA.frames, coarseB.frames)));
  const stretch = options.stretchCost ?? 0;
  const coarse = dtw(
    coarseA,
    coarseB,
    band(coarseA.frames, coarseB.frames, half),
    stretch,
    pauses && (factor > 1 ? coarsePauses(pauses, coarseA, factor) : passPauses(pauses, a)),
  );
  if (factor === 1) return coarse;
  return dtw(a, b, around(coarse, factor, radius, a.frames, b.frames), stretch, pauses && passPauses(pauses, a));
}

/** The pause model at full resolution. */
function passPauses(pauses: PauseModel, rows: FeatureMatrix): PassPauses {
  const rowCost = distancesTo(rows, pauses.template);
  for (let i = 0; i < rowCost.length; i++) rowCost[i] = (rowCost[i] as number) + (pauses.loudness[i] as number);
  return { rowCost, columns: pauses.columns, entry: pauses.entry };
}

/**
 * The pause model over frames averaged `factor` at a time: a coarse row's pause cost is that of its
 * averaged features and loudness; a coarse column may pause when one of its columns may, and a
 * pause's entry costs a `factor`-th (as a coarse cell stands for `factor` frames but costs once).
 */
function coarsePauses(pauses: PauseModel, coarseRows: FeatureMatrix, factor: number): PassPauses {
  const rowCost = distancesTo(coarseRows, pauses.template);
  const loudness = averages(pauses.loudness, factor);
  for (let i = 0; i < rowCost.length; i++) rowCost[i] = (rowCost[i] as number) + (loudness[i] as number);
  const columns = new Uint8Array(Math.ceil(pauses.columns.length / factor));
  const entry = new Float32Array(columns.length).fill(Number.POSITIVE_INFINITY);
  pauses.columns.forEach((mark, j) => {
    if (!mark) return;
    const k = Math.floor(j / factor);
    columns[k] = 1;
    entry[k] = Math.min(entry[k] as number, (pauses.entry[j] as number) / factor);
  });
  return { rowCost, columns, entry };
}

/** Each row's Euclidean distance to a vector. */
function distancesTo(m: FeatureMatrix, vector: Float32Array): Float64Array {
  const out = new Float64Array(m.frames);
  for (let i = 0; i < m.frames; i++) {
    let sum = 0;
    for (let d = 0; d < m.dims; d++) {
      const diff = (m.data[i * m.dims + d] as number) - (vector[d] as number);
      sum += diff * diff;
    }
    out[i] = Math.sqrt(sum);
  }
  return out;
}

/** The mean of every `factor` values. */
function averages(values: Float32Array, factor: number): Float32Array {
  const out = new Float32Array(Math.ceil(values.length / factor));
  for (let f = 0; f < out.length; f++) {
    const block = values.subarray(f * factor, (f + 1) * factor);
    out[f] = block.reduce((sum, v) => sum + v, 0) / block.length;
  }
  return out;
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

/**
 * DTW restricted to a window; returns the optimal path. With a pause model each cell has two
 * states, the recording speaking (its distance) or pausing (its pause cost, on marked columns
 * only), and each keeps its own best predecessor.
 */
function dtw(a: FeatureMatrix, b: FeatureMatrix, window: Window, stretch: number, pauses?: PassPauses): WarpPath {
  const n = a.frames;
  const m = b.frames;
  const dims = a.dims;
  const { lo, hi } = window;
  const offsets = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = (offsets[i] as number) + ((hi[i] as number) - (lo[i] as number) + 1);
  // Per cell: the speaking state's step (bits 0-1) and whether it came from a pause (bit 2); the
  // pausing state's the same in bits 3-5.
  const steps = new Uint8Array(offsets[n] as number);
  let previous = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  let current = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  let previousPaused = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  let currentPaused = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  let prevLo = 0;
  let prevHi = -1;

  for (let i = 0; i < n; i++) {
    const rowLo = lo[i] as number;
    const rowHi = hi[i] as number;
    const rowOffset = offsets[i] as number;
    const aRow = i * dims;
    const pauseCost = pauses ? (pauses.rowCost[i] as number) : 0;
    for (let j = rowLo; j <= rowHi; j++) {
      let sum = 0;
      const bRow = j * dims;
      for (let d = 0; d < dims; d++) {
        const diff = (a.data[aRow + d] as number) - (b.data[bRow + d] as number);
        sum += diff * diff;
      }
      const mayPause = pauses !== undefined && pauses.columns[j] === 1;
      const entry = mayPause ? (pauses.entry[j] as number) : 0;
      // The predecessors' costs, speaking and pausing (infinite where outside the window), in
      // order of preference on ties: diagonal, up, left.
      const inPrevious = i > 0;
      const diagonalSpeak =
        inPrevious && j > prevLo && j - 1 <= prevHi ? (previous[j - 1] as number) : Number.POSITIVE_INFINITY;
      const diagonalPause =
        inPrevious && j > prevLo && j - 1 <= prevHi ? (previousPaused[j - 1] as number) : Number.POSITIVE_INFINITY;
      const upSpeak =
        inPrevious && j >= prevLo && j <= prevHi ? (previous[j] as number) + stretch : Number.POSITIVE_INFINITY;
      const upPause =
        inPrevious && j >= prevLo && j <= prevHi ? (previousPaused[j] as number) : Number.POSITIVE_INFINITY;
      const leftSpeak = j > rowLo ? (current[j - 1] as number) + stretch : Number.POSITIVE_INFINITY;
      const leftPause = j > rowLo ? (currentPaused[j - 1] as number) : Number.POSITIVE_INFINITY;
      let speak = i === 0 && j === 0 ? 0 : Number.POSITIVE_INFINITY;
      let speakStep = DIAGONAL;
      if (diagonalSpeak < speak) {
        speak = diagonalSpeak;
        speakStep = DIAGONAL;
      }
      if (diagonalPause < speak) {
        speak = diagonalPause;
        speakStep = DIAGONAL | FROM_PAUSE;
      }
      if (upSpeak < speak) {
        speak = upSpeak;
        speakStep = UP;
      }
      if (upPause < speak) {
        speak = upPause;
        speakStep = UP | FROM_PAUSE;
      }
      if (leftSpeak < speak) {
        speak = leftSpeak;
        speakStep = LEFT;
      }
      if (leftPause < speak) {
        speak = leftPause;
        speakStep = LEFT | FROM_PAUSE;
      }
      let pause = Number.POSITIVE_INFINITY;
      let pauseStep = DIAGONAL;
      if (mayPause) {
        if (i === 0 && j === 0) pause = entry;
        if (diagonalPause < pause) {
          pause = diagonalPause;
          pauseStep = DIAGONAL | FROM_PAUSE;
        }
        if (diagonalSpeak + entry < pause) {
          pause = diagonalSpeak + entry;
          pauseStep = DIAGONAL;
        }
        if (upPause < pause) {
          pause = upPause;
          pauseStep = UP | FROM_PAUSE;
        }
        if (upSpeak + entry < pause) {
          pause = upSpeak + entry;
          pauseStep = UP;
        }
        if (leftPause < pause) {
          pause = leftPause;
          pauseStep = LEFT | FROM_PAUSE;
        }
        if (leftSpeak + entry < pause) {
          pause = leftSpeak + entry;
          pauseStep = LEFT;
        }
      }
      current[j] = Math.sqrt(sum) + speak;
      currentPaused[j] = mayPause ? pauseCost + pause : Number.POSITIVE_INFINITY;
      steps[rowOffset + j - rowLo] = speakStep | (pauseStep << 3);
    }
    [previous, current] = [current, previous];
    [previousPaused, currentPaused] = [currentPaused, previousPaused];
    prevLo = rowLo;
    prevHi = rowHi;
  }
  const last = Math.min(previous[m - 1] as number, previousPaused[m - 1] as number);
  if (!Number.isFinite(last)) throw new Error('the alignment window does not connect');

  const rows: number[] = [];
  const cols: number[] = [];
  const paused: number[] = [];
  let i = n - 1;
  let j = m - 1;
  let pausing = (previousPaused[m - 1] as number) < (previous[m - 1] as number);
  for (;;) {
    rows.push(i);
    cols.push(j);
    paused.push(pausing ? 1 : 0);
    if (i === 0 && j === 0) break;
    const cell = steps[(offsets[i] as number) + j - (lo[i] as number)] as number;
    const step = pausing ? cell >> 3 : cell & 7;
    pausing = (step & FROM_PAUSE) !== 0;
    const direction = step & 3;
    if (direction === DIAGONAL) {
      i--;
      j--;
    } else if (direction === UP) i--;
    else j--;
  }
  return {
    rows: Int32Array.from(rows.reverse()),
    cols: Int32Array.from(cols.reverse()),
    paused: Uint8Array.from(paused.reverse()),
  };
}

/**
 * A word boundary in the synthetic speech: the column where the word before it ends (-1 before
 * the first word) and the column where the word after it starts (the column count after the last).
 */
export type Boundary = { end: number; start: number };

/**
 * Where each boundary falls in the recording: the row where the word before it ends and the row
 * where the word after it starts. A pause on column j is at boundary `owners[j]`: where the path
 * pauses at a boundary (`paused`), the word before ends before the pause and the word after
 * starts after it; elsewhere a word starts at the first row matched, speaking, with its first column or a
 * later one and ends at the last row matched with its last column or an earlier one.
 */
export function boundaryRows(
  path: WarpPath,
  boundaries: readonly Boundary[],
  owners: Int32Array,
): (Boundary & { paused: boolean })[] {
  const columns = (path.cols.at(-1) ?? 0) + 1;
  const first = new Int32Array(columns).fill(-1);
  const last = new Int32Array(columns).fill(-1);
  const pauseFirst = new Int32Array(boundaries.length).fill(-1);
  const pauseLast = new Int32Array(boundaries.length).fill(-1);
  for (let k = 0; k < path.rows.length; k++) {
    const j = path.cols[k] as number;
    const owner = owners[j] as number;
    if (path.paused[k] && owner !== -1) {
      if ((pauseFirst[owner] as number) === -1) pauseFirst[owner] = k;
      pauseLast[owner] = k;
    } else if (!path.paused[k]) {
      if ((first[j] as number) === -1) first[j] = path.rows[k] as number;
      last[j] = path.rows[k] as number;
    }
  }
  for (let j = columns - 2; j >= 0; j--) if ((first[j] as number) === -1) first[j] = first[j + 1] as number;
  for (let j = 1; j < columns; j++) if ((last[j] as number) === -1) last[j] = last[j - 1] as number;
  const lastRow = path.rows.at(-1) ?? 0;
  const rowAt = (k: number) => path.rows[k] as number;

  return boundaries.map((boundary, index) => {
    const from = pauseFirst[index] as number;
    if (from !== -1) {
      let before = from - 1;
      while (before >= 0 && path.paused[before]) before--;
      let after = (pauseLast[index] as number) + 1;
      while (after < path.rows.length && path.paused[after]) after++;
      return {
        end: before >= 0 ? rowAt(before) : 0,
        start: after < path.rows.length ? rowAt(after) : lastRow,
        paused: true,
      };
    }
    const end = boundary.end >= 0 ? (last[Math.min(boundary.end, columns - 1)] as number) : 0;
    const start = boundary.start < columns ? (first[boundary.start] as number) : lastRow;
    return { end: Math.max(0, end), start: start === -1 ? lastRow : start, paused: false };
  });
}
