/** Presets a member may keep; saving a new name beyond this is refused. */
export const MEMBER_PRESETS_MAX = 100;
/** A preset's `{ style, settings }` as JSON, at most (a slide design is a few hundred bytes). */
export const PRESET_MAX_BYTES = 64 * 1024;
