import { DEFAULT_OVERLAY_ALPHA, DEFAULT_SLIDE_VOICE, FILM_PRESET_ID } from './constants';
import { slideFrameKey } from './frame-key';
import {
  isListLayout,
  type Preset,
  PresetSchema,
  type Slide,
  type SlideSettings,
  SlideSettingsSchema,
  SlideStyleSchema,
} from './schema';

/** The voice a preset change resets a slide to (spec 001 §4). */
export type DefaultVoice = { voiceId: string; lang: string; engine: string };

const preset = (id: string, name: string, style: Record<string, unknown>, settings: Record<string, unknown>) =>
  PresetSchema.parse({ id, name, data_json: { style, settings } });

/**
 * The built-in presets, 'film' first (the first created slide gets it, spec 001 §4). Fonts are
 * families of the renderer's catalogue; effect names are the scene catalogue's (show, hide,
 * highlighter, container animations); overlay and container alphas default to 0.4 (spec 001 §5).
 */
export const BUILT_IN_PRESETS: readonly Preset[] = [
  preset(
    FILM_PRESET_ID,
    'Film',
    {
      bg: { type: 'color', color: '#000000' },
      fontFamily: 'Oswald',
      color: '#ffffff',
      boldColor: '#ffd43b',
      textAlign: 'center',
      overlayColor: '#000000',
      overlayAlpha: DEFAULT_OVERLAY_ALPHA,
    },
    {
      layout: 'text_overlay',
      animate: true,
      animation: 'fade-up',
      fx: { text: { show: 'fade-up', hide: 'fade' }, media: { show: 'fade' }, frame: { show: 'fade' } },
    },
  ),
  preset(
    'clean',
    'Clean',
    { bg: { type: 'color', color: '#ffffff' }, fontFamily: 'Inter', color: '#212529', boldColor: '#1c7ed6' },
    { layout: 'text_on_bottom', animate: true, fx: { text: { show: 'fade-up', hide: 'fade' } } },
  ),
  preset(
    'headline',
    'Headline',
    { bg: { type: 'color', color: '#101113' }, fontFamily: 'Anton', color: '#ffffff', boldColor: '#ffd43b' },
    {
      layout: 'container_bottom',
      animate: true,
      fx: { text: { show: 'slide-in-left', hide: 'fade', breakAt: 'words' } },
      container: { backgroundColor: '#e03131', backgroundAlpha: 0.85, animation: 'rush', skew: -6 },
    },
  ),
  preset(
    'elegant',
    'Elegant',
    {
      bg: { type: 'color', color: '#1b1b1b' },
      fontFamily: 'Playfair Display',
      color: '#f8f0e3',
      boldColor: '#e6b566',
    },
    {
      layout: 'container_center',
      animate: true,
      fx: { text: { show: 'fade', hide: 'fade' }, media: { show: 'fade' } },
      container: {
        backgroundColor: '#1b1b1b',
        backgroundAlpha: 0.6,
        animation: 'fade',
        backdrop: 6,
        style: { border: { enabled: true, thickness: 1, color: '#e6b566', radius: 2 } },
      },
    },
  ),
  preset(
    'split',
    'Split screen',
    { bg: { type: 'color', color: '#0b7285' }, fontFamily: 'Montserrat', color: '#ffffff', boldColor: '#ffe066' },
    {
      layout: 'text_on_left',
      animate: true,
      fx: { text: { show: 'fade-right', hide: 'fade' }, media: { show: 'fade' } },
    },
  ),
  preset(
    'neon',
    'Neon',
    {
      bg: { type: 'color', color: '#0d0221' },
      fontFamily: 'Poppins',
      color: '#ffffff',
      boldColor: '#f72585',
      highlightFx: 'glow',
      overlayColor: '#240046',
      overlayAlpha: 0.55,
    },
    { layout: 'text_overlay', animate: true, fx: { text: { show: 'zoom-in', hide: 'fade', breakAt: 'words' } } },
  ),
  preset(
    'notebook',
    'Notebook',
    {
      bg: { type: 'color', color: '#fff9db' },
      fontFamily: 'Permanent Marker',
      color: '#343a40',
      boldColor: '#e8590c',
      highlightFx: 'marker-low',
    },
    { layout: 'text_on_right', animate: false, fx: { text: { show: 'fade', hide: 'fade' } } },
  ),
  preset(
    'checklist',
    'Checklist',
    {
      bg: { type: 'color', color: '#1864ab' },
      fontFamily: 'Lato',
      color: '#ffffff',
      boldColor: '#ffd43b',
      textAlign: 'left',
    },
    {
      layout: 'list_vertical',
      animate: true,
      fx: { text: { show: 'fade-left', hide: 'fade' } },
      container: { backgroundColor: '#000000', backgroundAlpha: DEFAULT_OVERLAY_ALPHA, animation: 'width' },
    },
  ),
];

/**
 * The preset after (direction 1) or before (-1) `currentId`, wrapping around at both ends
 * (spec 001 §4). An unknown or missing current id starts from the first (1) or last (-1) preset;
 * undefined only when there are no presets.
 */
export function cyclePreset(
  currentId: string | undefined,
  presets: readonly Preset[],
  direction: 1 | -1,
): Preset | undefined {
  if (presets.length === 0) return undefined;
  const index = presets.findIndex((p) => p.id === currentId);
  if (index < 0) return direction === 1 ? presets[0] : presets[presets.length - 1];
  return presets[(index + direction + presets.length) % presets.length];
}

/**
 * The layout after a design change (spec 001 §4): the new layout when the old and new are of the
 * same kind (both list layouts or both not), else the slide keeps its own, so a list slide stays
 * a list and a plain slide never becomes one. No new layout keeps the old.
 */
export function layoutAfterChange(current: SlideSettings['layout'], next: SlideSettings['layout'] | undefined) {
  if (next === undefined) return current;
  return isListLayout(current) === isListLayout(next) ? next : current;
}

/**
 * Applies a preset to a slide (spec 001 §4 "Preset change"): the preset's style and settings
 * replace the slide's (missing parts take their defaults), the voice resets to `defaultVoice`
 * (voice id, language and engine), the slide keeps its narration source, and the layout follows
 * {@link layoutAfterChange}. Texts, media and audio are untouched; the frameKey is recomputed.
 */
export function applyPreset(slide: Slide, chosen: Preset, defaultVoice: DefaultVoice = DEFAULT_SLIDE_VOICE): Slide {
  const raw = chosen.data_json.settings;
  const settings = SlideSettingsSchema.parse(raw);
  const presetLayout = raw.layout === undefined ? undefined : settings.layout;
  const next: Slide = {
    ...slide,
    style: SlideStyleSchema.parse(chosen.data_json.style),
    settings: {
      ...settings,
      audioSource: slide.settings.audioSource,
      voiceId: defaultVoice.voiceId,
      lang: defaultVoice.lang,
      engine: defaultVoice.engine,
      layout: layoutAfterChange(slide.settings.layout, presetLayout),
      /** Which preset the slide shows, for the preset picker's name and arrows. */
      presetId: chosen.id,
    },
  };
  return { ...next, frameKey: slideFrameKey(next) };
}

/**
 * Copies the design (style and settings) of slide `fromSlideId` to every other slide not marked
 * unique (spec 001 §4). Each receiving slide keeps its layout when the kinds differ (list or
 * not, as {@link layoutAfterChange}). Slides are returned in order; unchanged ones are the same
 * objects. An unknown id changes nothing.
 */
export function copyDesignToOthers(slides: readonly Slide[], fromSlideId: string): Slide[] {
  const source = slides.find((s) => s.id === fromSlideId);
  if (!source) return [...slides];
  return slides.map((slide) => {
    if (slide.id === fromSlideId || slide.unique) return slide;
    const settings = SlideSettingsSchema.parse(source.settings);
    const next: Slide = {
      ...slide,
      style: SlideStyleSchema.parse(source.style),
      settings: { ...settings, layout: layoutAfterChange(slide.settings.layout, settings.layout) },
    };
    return { ...next, frameKey: slideFrameKey(next) };
  });
}

/**
 * A preset of the slide's current design, for 'save preset' (spec 001 §7 presets/save: name,
 * style, settings). The name is required: an empty one (after trimming) saves nothing (spec 001
 * §5), so the answer is undefined.
 */
export function presetFromSlide(slide: Slide, id: string, name: string): Preset | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return undefined;
  return PresetSchema.parse({ id, name: trimmed, data_json: { style: slide.style, settings: slide.settings } });
}
