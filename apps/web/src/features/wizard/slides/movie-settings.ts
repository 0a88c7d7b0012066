import { canonicalJson, type Movie } from '@reelwright/core';

/** The video's own settings the wizard's customize step writes. */
export type WizardMovieSettings = Pick<Movie, 'audio' | 'watermark' | 'captions'>;
type Key = keyof WizardMovieSettings;
const KEYS: readonly Key[] = ['audio', 'watermark', 'captions'];

const print = (value: unknown) => canonicalJson(value ?? null);

/**
 * The video's settings after a rebuild from the wizard (D92), and the record of what the wizard
 * wrote (`wizard.applied`). A setting takes the wizard's value when the wizard never wrote it
 * before (no record), when it is still what the wizard last wrote (the builder left it alone), or
 * when the wizard's own choice changed since (the newest choice wins); otherwise the builder's
 * change stays. `force` names settings the wizard always writes (a free plan's watermark).
 */
export function mergeWizardSettings(
  movie: WizardMovieSettings,
  wanted: WizardMovieSettings,
  applied: Readonly<Record<string, string>> | undefined,
  force: readonly Key[] = [],
): { settings: WizardMovieSettings; applied: Record<string, string> } {
  const settings: WizardMovieSettings = { audio: movie.audio, watermark: movie.watermark, captions: movie.captions };
  const record: Record<string, string> = { ...applied };
  for (const key of KEYS) {
    const last = applied?.[key];
    const want = print(wanted[key]);
    const untouched = last === undefined || print(movie[key]) === last;
    if (untouched || want !== last || force.includes(key)) Object.assign(settings, { [key]: wanted[key] });
    record[key] = want;
  }
  return { settings, applied: record };
}
