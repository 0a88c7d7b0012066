import { FONT_CATALOGUE, type FontFamilyEntry } from '@reelwright/scene';

type FontStyle = 'normal' | 'italic';

/** One woff2 file of a face: where the server serves it and which characters it covers. */
export type FontFile = { url: string; unicodeRange?: string };

/** The face of a catalogued family closest to a request, and the files (one per subset) it needs. */
export type FontFaceFiles = { family: string; weight: number; style: FontStyle; files: FontFile[] };

/** A catalogued family by its CSS name, ignoring case; null when the catalogue lacks it. */
export function findFontFamily(family: string): FontFamilyEntry | null {
  const wanted = family.trim().toLowerCase();
  return FONT_CATALOGUE.find((entry) => entry.family.toLowerCase() === wanted) ?? null;
}

/** The available weight nearest to `weight`; on a tie the heavier one for bold requests (CSS-like). */
export function nearestWeight(weights: readonly number[], weight: number): number {
  let best = weights[0] ?? 400;
  for (const candidate of weights) {
    const gap = Math.abs(candidate - weight);
    const bestGap = Math.abs(best - weight);
    if (gap < bestGap || (gap === bestGap && (weight > 400 ? candidate > best : candidate < best))) best = candidate;
  }
  return best;
}

/**
 * The files to register for `family` at `weight` and `style` (spec 002 §9 catalogue): the nearest
 * weight and the wanted style when the family has it, one file per subset with its unicode-range
 * (served at `/fonts/{id}/{id}-{subset}-{weight}-{style}.woff2`). Null for an unknown family.
 */
export function fontFaceFiles(family: string, weight: number, style: FontStyle): FontFaceFiles | null {
  const entry = findFontFamily(family);
  if (!entry) return null;
  const faceWeight = nearestWeight(entry.weights, weight);
  const faceStyle = entry.styles.includes(style) ? style : (entry.styles[0] ?? 'normal');
  const files = entry.subsets.map((subset) => {
    const url = `/fonts/${entry.id}/${entry.id}-${subset}-${faceWeight}-${faceStyle}.woff2`;
    const unicodeRange = entry.unicodeRanges[subset];
    return unicodeRange ? { url, unicodeRange } : { url };
  });
  return { family: entry.family, weight: faceWeight, style: faceStyle, files };
}
