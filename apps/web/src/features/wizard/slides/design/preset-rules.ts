import { BUILT_IN_PRESETS, type Preset, PresetSchema, type Slide } from '@reelwright/core';

/** The preset hint shows 7.5 s after the picker appears, for 7 s, once per session (spec 001 §9). */
export const PRESET_HINT_TIMING = { delayMs: 7500, showMs: 7000 } as const;
export const PRESET_HINT_SESSION_KEY = 'reelwright.wizard.presetHintShown';

/**
 * The presets the arrows cycle through: the built-ins, then the member's saved ones from
 * presets/list (a saved preset with a built-in's id replaces it). Entries that do not parse are
 * skipped, so one bad row never empties the picker.
 */
export function mergePresets(saved: readonly unknown[] | undefined): Preset[] {
  const byId = new Map<string, Preset>(BUILT_IN_PRESETS.map((p) => [p.id, p]));
  for (const row of saved ?? []) {
    const parsed = PresetSchema.safeParse(normaliseRow(row));
    if (parsed.success) byId.set(parsed.data.id, parsed.data);
  }
  return [...byId.values()];
}

/** Saved rows may carry a numeric id or `data_json` as a JSON string. */
function normaliseRow(row: unknown): unknown {
  if (!row || typeof row !== 'object') return row;
  const r = row as Record<string, unknown>;
  let data = r.data_json;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      data = {};
    }
  }
  return { ...r, id: r.id === undefined ? r.id : String(r.id), data_json: data };
}

/**
 * The preset a slide shows, kept in `settings.presetId` (settings is a loose object, so the
 * field is saved with the slide and copied with its design). Undefined: no preset chosen yet.
 */
export const presetIdOf = (slide: Slide): string | undefined => {
  const id = (slide.settings as Record<string, unknown>).presetId;
  return typeof id === 'string' ? id : undefined;
};
