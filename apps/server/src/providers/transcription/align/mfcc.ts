/**
 * MFCC features, as speech aligners (aeneas, HTK, Kaldi) compute them: pre-emphasis 0.97, 25 ms
 * Hamming windows every 10 ms, a 512-point FFT (fft.js), the power spectrum through 40
 * triangular mel filters (133–6855 Hz, aeneas's defaults), log, DCT-II, 13 coefficients, and
 * cepstral mean normalisation over the whole signal, so the microphone's colour and the level
 * cancel out. Each frame's log energy is kept too, for telling speech from silence.
 */
import FFT from 'fft.js';
import { ALIGN_SAMPLE_RATE, type Pcm } from './pcm';

/** Seconds between frames. */
export const FRAME_HOP_SECONDS = 0.01;
const WINDOW = Math.round(0.025 * ALIGN_SAMPLE_RATE);
const HOP = Math.round(FRAME_HOP_SECONDS * ALIGN_SAMPLE_RATE);
const FFT_SIZE = 512;
const FILTERS = 40;
const LOW_HZ = 133.3333;
const HIGH_HZ = 6855.4976;
const PRE_EMPHASIS = 0.97;
/** Coefficients per frame (c0 … c12). */
export const MFCC_COEFFICIENTS = 13;
/**
 * Amplitude of the dither added before analysis (about 1 LSB of 16-bit audio): digital silence
 * would otherwise give log(0); with it, silence looks like a very quiet room in both signals.
 */
const DITHER = 1 / 32768;

/** `frames` × `MFCC_COEFFICIENTS` values, row-major; `energy` is each frame's log energy (natural log). */
export type Mfcc = { frames: number; data: Float32Array; energy: Float32Array };

/** The time (seconds) of a frame's centre. */
export const frameTime = (frame: number) => frame * FRAME_HOP_SECONDS + WINDOW / 2 / ALIGN_SAMPLE_RATE;

/** The frame whose centre is nearest a time (seconds), clamped to [0, frames - 1]. */
export const frameAt = (seconds: number, frames: number) =>
  Math.min(frames - 1, Math.max(0, Math.round((seconds - WINDOW / 2 / ALIGN_SAMPLE_RATE) / FRAME_HOP_SECONDS)));

const melOf = (hz: number) => 1127 * Math.log(1 + hz / 700);
const hzOf = (mel: number) => 700 * (Math.exp(mel / 1127) - 1);

type Tables = { hamming: Float64Array; filters: { start: number; weights: Float64Array }[]; dct: Float64Array };
let tables: Tables | null = null;

function buildTables(): Tables {
  const hamming = new Float64Array(WINDOW);
  for (let n = 0; n < WINDOW; n++) hamming[n] = 0.54 - 0.46 * Math.cos((2 * Math.PI * n) / (WINDOW - 1));
  const bins = FFT_SIZE / 2 + 1;
  const lowMel = melOf(LOW_HZ);
  const highMel = melOf(HIGH_HZ);
  const edges = Array.from({ length: FILTERS + 2 }, (_, k) => hzOf(lowMel + ((highMel - lowMel) * k) / (FILTERS + 1)));
  const filters = [];
  for (let f = 0; f < FILTERS; f++) {
    const [left, centre, right] = [edges[f] as number, edges[f + 1] as number, edges[f + 2] as number];
    const start = Math.ceil((left * FFT_SIZE) / ALIGN_SAMPLE_RATE);
    const end = Math.min(bins - 1, Math.floor((right * FFT_SIZE) / ALIGN_SAMPLE_RATE));
    const weights = new Float64Array(Math.max(0, end - start + 1));
    for (let b = start; b <= end; b++) {
      const hz = (b * ALIGN_SAMPLE_RATE) / FFT_SIZE;
      weights[b - start] = hz <= centre ? (hz - left) / (centre - left) : (right - hz) / (right - centre);
    }
    filters.push({ start, weights });
  }
  // Orthonormal DCT-II, MFCC_COEFFICIENTS × FILTERS.
  const dct = new Float64Array(MFCC_COEFFICIENTS * FILTERS);
  for (let k = 0; k < MFCC_COEFFICIENTS; k++) {
    const scale = Math.sqrt((k === 0 ? 1 : 2) / FILTERS);
    for (let n = 0; n < FILTERS; n++) dct[k * FILTERS + n] = scale * Math.cos((Math.PI * k * (n + 0.5)) / FILTERS);
  }
  return { hamming, filters, dct };
}

/** MFCCs of 16 kHz mono PCM, one frame every 10 ms (a signal shorter than a window gives none). */
export function computeMfcc(pcm: Pcm): Mfcc {
  tables ??= buildTables();
  const { hamming, filters, dct } = tables;
  const frames = pcm.length < WINDOW ? 0 : 1 + Math.floor((pcm.length - WINDOW) / HOP);
  const data = new Float32Array(frames * MFCC_COEFFICIENTS);
  const energy = new Float32Array(frames);
  const fft = new FFT(FFT_SIZE);
  const input = new Float64Array(FFT_SIZE);
  const spectrum: number[] = fft.createComplexArray();
  const power = new Float64Array(FFT_SIZE / 2 + 1);
  const logMel = new Float64Array(FILTERS);
  // A fixed-seed generator, so the same audio always gives the same features.
  let seed = 0x2545f491;
  const noise = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) | 0;
    return (seed / 0x80000000) * DITHER;
  };

  for (let f = 0; f < frames; f++) {
    const offset = f * HOP;
    let previous = offset > 0 ? (pcm[offset - 1] as number) : 0;
    let frameEnergy = 0;
    for (let n = 0; n < WINDOW; n++) {
      const sample = (pcm[offset + n] as number) + noise();
      input[n] = (sample - PRE_EMPHASIS * previous) * (hamming[n] as number);
      previous = sample;
      frameEnergy += sample * sample;
    }
    input.fill(0, WINDOW);
    fft.realTransform(spectrum, input);
    for (let b = 0; b <= FFT_SIZE / 2; b++) {
      const re = spectrum[2 * b] as number;
      const im = spectrum[2 * b + 1] as number;
      power[b] = re * re + im * im;
    }
    for (let m = 0; m < FILTERS; m++) {
      const { start, weights } = filters[m] as Tables['filters'][number];
      let sum = 0;
      for (let w = 0; w < weights.length; w++) sum += (weights[w] as number) * (power[start + w] as number);
      logMel[m] = Math.log(Math.max(sum, 1e-12));
    }
    const row = f * MFCC_COEFFICIENTS;
    for (let k = 0; k < MFCC_COEFFICIENTS; k++) {
      let sum = 0;
      for (let m = 0; m < FILTERS; m++) sum += (dct[k * FILTERS + m] as number) * (logMel[m] as number);
      data[row + k] = sum;
    }
    energy[f] = Math.log(Math.max(frameEnergy / WINDOW, 1e-12));
  }
  normaliseMeans(data, frames);
  return { frames, data, energy };
}

/** Cepstral mean normalisation: each coefficient minus its mean over all frames. */
function normaliseMeans(data: Float32Array, frames: number): void {
  if (frames === 0) return;
  for (let k = 0; k < MFCC_COEFFICIENTS; k++) {
    let sum = 0;
    for (let f = 0; f < frames; f++) sum += data[f * MFCC_COEFFICIENTS + k] as number;
    const mean = sum / frames;
    for (let f = 0; f < frames; f++)
      data[f * MFCC_COEFFICIENTS + k] = (data[f * MFCC_COEFFICIENTS + k] as number) - mean;
  }
}
