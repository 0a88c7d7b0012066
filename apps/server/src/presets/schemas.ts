import { PresetSchema, SlideSettingsSchema, SlideStyleSchema } from '@reelwright/core';
import { z } from 'zod';

/** Spec 001 §5: the preset name is required; longer names would not fit the picker. */
export const PRESET_NAME_MAX = 80;
/** Presets a member may keep; saving a new name beyond this is refused. */
export const MEMBER_PRESETS_MAX = 100;
/** A preset's `{ style, settings }` as JSON, at most (a slide design is a few hundred bytes). */
export const PRESET_MAX_BYTES = 64 * 1024;

/** `POST /api/members/presets/save` (spec 001 §7). */
export const PresetSaveBodySchema = z.object({
  name: z
    .string({ error: 'Give the preset a name.' })
    .trim()
    .min(1, 'Give the preset a name.')
    .max(PRESET_NAME_MAX, `The preset name can be at most ${PRESET_NAME_MAX} characters.`),
  style: SlideStyleSchema,
  settings: SlideSettingsSchema,
});
export type PresetSaveBody = z.infer<typeof PresetSaveBodySchema>;

export const PresetListResponseSchema = z.object({ presets: z.array(PresetSchema) });
