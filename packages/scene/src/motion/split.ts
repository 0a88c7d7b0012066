/**
 * Text split (spec 002 §3 fx.split, spec 001 breakAt): a show or hide effect that runs per word,
 * character or line, each unit starting a little after the one before, all within the effect's
 * duration.
 */

/** How a text item's show/hide effect is split into units. */
export type TextSplit = 'words' | 'chars' | 'lines';

/** When each unit's effect starts and how long it takes, in seconds from the effect's start. */
export type SplitTiming = {
  /** Per unit, in order; the first is 0 and the last ends exactly at the effect's duration. */
  delays: number[];
  /** How long each unit's effect takes. */
  unitDuration: number;
};

/** Share of the whole duration each unit takes: short units (chars) overlap less. */
const UNIT_SHARE: Record<TextSplit, number> = { lines: 0.6, words: 0.45, chars: 0.3 };

/**
 * Staggers `unitCount` units over `duration` seconds: evenly spaced delays, each unit taking a
 * share of the duration set by the split mode, the last one ending at `duration`. Deterministic;
 * a single unit takes the whole duration.
 */
export const splitStagger = (split: TextSplit, unitCount: number, duration: number): SplitTiming => {
  const n = Number.isFinite(unitCount) ? Math.max(0, Math.floor(unitCount)) : 0;
  const total = Number.isFinite(duration) ? Math.max(0, duration) : 0;
  if (n <= 1) return { delays: n === 1 ? [0] : [], unitDuration: total };
  const unitDuration = total * (UNIT_SHARE[split] ?? UNIT_SHARE.words);
  const step = (total - unitDuration) / (n - 1);
  return { delays: Array.from({ length: n }, (_, i) => i * step), unitDuration };
};
