import type { Seconds } from '@reelwright/core';

/** Answering-machine mode saves a take after this much silence (spec 002 §4). */
export const SILENCE_SECONDS = 1;
/** RMS level (of −1…1 samples) below which a buffer counts as silence: about −40 dBFS. */
export const SILENCE_LEVEL = 0.01;
/** The voice recorder's readout period (spec 002 §9). */
export const RECORDER_TICK_MS = 250;

/** Root mean square of a buffer of samples (−1…1): its loudness, 0 for an empty buffer. */
export function rmsLevel(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const value = samples[i] ?? 0;
    sum += value * value;
  }
  return Math.sqrt(sum / samples.length);
}

/** A level as a 0–100 meter reading on a decibel scale (−60 dBFS and below is 0). */
export function meterPercent(level: number): number {
  if (level <= 0) return 0;
  const db = 20 * Math.log10(level);
  return Math.round(Math.max(0, Math.min(100, ((db + 60) / 60) * 100)));
}

/**
 * Decides when an answering-machine take is over: after speech was heard (a loud buffer, or the
 * speech recogniser reporting words), the first moment the input has stayed below the silence
 * level for `seconds`. Silence before anyone spoke never ends a take. Times come from the caller,
 * so tests drive it without a clock.
 */
export class SilenceDetector {
  private heard = false;
  private quietSince: Seconds | null = null;

  constructor(
    private readonly seconds: Seconds = SILENCE_SECONDS,
    private readonly threshold: number = SILENCE_LEVEL,
  ) {}

  /** The recogniser heard words: speech has begun, and the input is not silent now. */
  markSpeech(): void {
    this.heard = true;
    this.quietSince = null;
  }

  /** Feeds the level of the latest buffer; true once the take should be saved. */
  feed(level: number, at: Seconds): boolean {
    if (level >= this.threshold) {
      this.heard = true;
      this.quietSince = null;
      return false;
    }
    if (!this.heard) return false;
    this.quietSince ??= at;
    return at - this.quietSince >= this.seconds - 1e-9;
  }

  /** Starts over for the next take. */
  reset(): void {
    this.heard = false;
    this.quietSince = null;
  }
}
