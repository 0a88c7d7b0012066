import {
  type Background,
  BackgroundSchema,
  CaptionSettingsSchema,
  customMovieSize,
  HexColorSchema,
  RANGES,
  type Watermark,
  WatermarkSchema,
} from '@reelwright/core';
import { defineCommand } from './define';

/** A value within a named range of spec 002 §5 (NaN and infinities never are). */
const within = (range: { min: number; max: number }, value: number) =>
  Number.isFinite(value) && value >= range.min && value <= range.max;

/**
 * The movie's size (the 'Resize' menu item, spec 002 §9). A custom size outside 100–2000 px a
 * side resets as the spec says; geometry is relative, so nothing moves.
 */
export const setMovieSize = defineCommand<{ width: number; height: number }>({
  name: 'setMovieSize',
  perform(draft, { width, height }) {
    const size = customMovieSize(width, height);
    if (draft.video.size.width !== size.width) draft.video.size.width = size.width;
    if (draft.video.size.height !== size.height) draft.video.size.height = size.height;
  },
});

/** The background music: a track's url, or null for none. An empty url changes nothing. */
export const setMusic = defineCommand<{ url: string | null }>({
  name: 'setMusic',
  perform(draft, { url }) {
    if (url === null) delete draft.video.audio.url;
    else if (url.trim() !== '') draft.video.audio.url = url;
  },
});

/**
 * The music and voice levels, each 0–1 (spec 002 §5; defaults 0.25 and 1, §9). A level outside
 * 0–1 refuses the whole change.
 */
export const setAudioLevels = defineCommand<{ musicVolume?: number; voiceVolume?: number }>({
  name: 'setAudioLevels',
  perform(draft, levels) {
    const given = [levels.musicVolume, levels.voiceVolume].filter((level) => level !== undefined);
    if (!given.every((level) => within(RANGES.volume, level))) return;
    if (levels.musicVolume !== undefined) draft.video.audio.musicVolume = levels.musicVolume;
    if (levels.voiceVolume !== undefined) draft.video.audio.voiceVolume = levels.voiceVolume;
  },
});

/** Fields of the watermark the settings change (the rest are kept). */
export type WatermarkPatch = Partial<Watermark>;

/**
 * Why `patch` cannot be applied to `current`, or null: the model's own messages (a text or an
 * image is required for those types, spec 002 §5; opacity 0–1; margin 0–200).
 */
export function watermarkChangeProblem(current: Watermark, patch: WatermarkPatch): string | null {
  const result = WatermarkSchema.safeParse({ ...current, ...patch });
  return result.success ? null : (result.error.issues[0]?.message ?? 'Check the watermark.');
}

/**
 * Changes the watermark: its type (none, text, image), text, image, position, opacity and margin.
 * A change the model refuses (`watermarkChangeProblem`) changes nothing. The text and image are
 * kept when the type changes, so switching back restores them.
 */
export const setWatermark = defineCommand<WatermarkPatch>({
  name: 'setWatermark',
  perform(draft, patch) {
    const current = draft.video.watermark;
    const parsed = WatermarkSchema.safeParse({ ...current, ...patch });
    if (!parsed.success) return;
    const next = parsed.data;
    for (const key of Object.keys(patch) as (keyof Watermark)[]) {
      if (current[key] !== next[key]) Object.assign(current, { [key]: next[key] });
    }
  },
  // Typing the text (or a link) is one step per burst; other changes are steps of their own ('' never merges).
  mergeKey: (patch) =>
    patch.text !== undefined ? 'watermark-text' : patch.image !== undefined ? 'watermark-image' : '',
});

/** The background a new frame gets (FrameSchema's default): black. */
const DEFAULT_FRAME_COLOR = '#000000';

/**
 * Whether a frame's background follows the movie's 'Background Color' (D93): it is none (the
 * movie's shows through, D37), or a plain colour nobody made the slide's own: the default black,
 * or the movie's colour as it stands. A picture, clip, gradient, blob, filter or wrapper, or any
 * other colour, is the slide's own and is kept.
 */
export function followsMovieBackground(frame: Background, movie: Background | undefined): boolean {
  if (frame.type === 'none') return true;
  if (frame.type !== 'color' || frame.wrapper?.enabled) return false;
  const { opacity, blur, tint, backdrop } = frame.filters;
  if (opacity !== 1 || blur !== 0 || tint !== 0 || backdrop !== undefined) return false;
  const color = frame.color?.toLowerCase();
  return color === DEFAULT_FRAME_COLOR || (movie?.type === 'color' && color === movie.color?.toLowerCase());
}

/**
 * The movie's background color (the 'Background Color' section), or null to remove it. Only hex
 * colors are accepted (spec 002 §5), the palette's transparent `#00000000` among them. A movie
 * background of another type becomes a color; a color background keeps its other settings.
 * Choosing one shows it (D93): every slide whose background follows the movie (the default black,
 * or none) is set to none, so the movie's colour shows behind it, in the same undo step; slides
 * with a background of their own keep it.
 */
export const setMovieBackground = defineCommand<{ color: string | null }>({
  name: 'setMovieBackground',
  perform(draft, { color }) {
    if (color === null) {
      delete draft.video.background;
      return;
    }
    if (!HexColorSchema.safeParse(color).success) return;
    const before = draft.video.background;
    for (const frame of draft.video.frames) {
      if (frame.background.type !== 'none' && followsMovieBackground(frame.background, before)) {
        frame.background = BackgroundSchema.parse({ type: 'none' });
      }
    }
    if (before?.type === 'color') {
      if (before.color !== color) before.color = color;
      return;
    }
    draft.video.background = BackgroundSchema.parse({ type: 'color', color });
  },
});

/**
 * Burned-in captions (D68): 'off', or a style of `CAPTION_STYLES`. Off removes the setting, so an
 * uncaptioned movie keeps the shape it had before captions existed. An unknown style changes nothing.
 */
export const setCaptions = defineCommand<{ style: string }>({
  name: 'setCaptions',
  perform(draft, { style }) {
    const parsed = CaptionSettingsSchema.safeParse({ style });
    if (!parsed.success) return;
    if (parsed.data.style === 'off') delete draft.video.captions;
    else if (draft.video.captions?.style !== parsed.data.style) draft.video.captions = parsed.data;
  },
});
