import { z } from 'zod';
import { SpokenWordsSchema } from '../../captions/schema';
import {
  AUDIO_SOURCES,
  AUDIO_TYPES,
  BREAK_AT,
  CONTAINER_ANIMATIONS,
  DEFAULT_OVERLAY_ALPHA,
  IMAGE_FITS,
  MIN_DURATION_RANGE,
  SLIDE_LAYOUTS,
  SOCIAL_KEYS,
  TEXT_ALIGNS,
} from './constants';

/**
 * The slides step's model (spec 001 §3): what the author edits. Every field has a default, so
 * `SlideSchema.parse({ id })` is a complete slide, and open-ended parts (style, settings, fx,
 * container) are loose objects that keep fields this version does not know. Values the spec
 * enumerates fall back to their default instead of failing, so an old or hand-edited document
 * still loads (STYLE principle 4: loading repairs, it never crashes).
 */

const alpha = z.number().min(0).max(1).catch(DEFAULT_OVERLAY_ALPHA).default(DEFAULT_OVERLAY_ALPHA);

/** A picture or clip attached to a text (spec 001 §3 media item). */
export const SlideMediaSchema = z.looseObject({
  id: z.string(),
  type: z.enum(['image', 'video']).catch('image').default('image'),
  url: z.string().default(''),
  thumbnail: z.string().optional(),
  /** Natural size in px, when known. */
  width: z.number().nonnegative().optional(),
  height: z.number().nonnegative().optional(),
  /** Seconds of a clip. */
  duration: z.number().nonnegative().optional(),
  /** Trim of a clip, seconds into it. */
  startTime: z.number().nonnegative().optional(),
  stopTime: z.number().nonnegative().optional(),
});
export type SlideMedia = z.infer<typeof SlideMediaSchema>;

/** The narration of one text (spec 001 §3 audio). */
export const SlideAudioSchema = z.looseObject({
  /** Empty until speech generation, an upload or a sync transcription sets it (spec 001 §4). */
  url: z.string().default(''),
  type: z.enum(AUDIO_TYPES).catch('tts').default('tts'),
  /** Seconds of audio. */
  duration: z.number().nonnegative().optional(),
  /** For 'sync': where this text's words start and end in the uploaded voice-over, seconds. */
  startTime: z.number().nonnegative().optional(),
  endTime: z.number().nonnegative().optional(),
  /** For speech: the words spoken, timed from the start of the clip (captions, D68). */
  words: SpokenWordsSchema.optional(),
});
export type SlideAudio = z.infer<typeof SlideAudioSchema>;

/** One line of a slide: its words, media and narration (spec 001 §3 text item). */
export const SlideTextSchema = z.looseObject({
  id: z.string(),
  /** The line; keywords are marked `**like this**` (see keyword-highlight.ts). */
  text: z.string().default(''),
  /** Comma-separated media search keywords for this line. */
  keyword: z.string().default(''),
  media: z.array(SlideMediaSchema).default([]),
  audio: SlideAudioSchema.prefault({}),
  /** Show every media item of the line in turn instead of only the first. */
  allowMultipleMedia: z.boolean().default(false),
  imageFit: z.enum(IMAGE_FITS).catch('cover').default('cover'),
  /** Show the line's images together as a collage (a gallery item). */
  collage: z.boolean().default(false),
  /** Seconds the line lasts at least, 0–300; 0 = automatic (spec 001 §5). */
  minDuration: z.number().min(MIN_DURATION_RANGE.min).max(MIN_DURATION_RANGE.max).catch(0).default(0),
  /** Media auto-fetch is running for this line. */
  fetching: z.boolean().default(false),
});
export type SlideText = z.infer<typeof SlideTextSchema>;

/** A slide's background (spec 001 §3 style.bg). */
export const SlideBackgroundSchema = z.looseObject({
  type: z.enum(['none', 'color', 'gradient', 'image', 'video']).catch('color').default('color'),
  color: z.string().default('#000000'),
  /** An image or clip url for those types. */
  url: z.string().optional(),
  /** A CSS backdrop filter name. */
  backdrop: z.string().optional(),
  repeat: z.string().optional(),
  size: z.string().optional(),
  position: z.string().optional(),
});

/** How a slide looks (spec 001 §3 slide style). */
export const SlideStyleSchema = z.looseObject({
  bg: SlideBackgroundSchema.prefault({}),
  /** A CSS background value kept from older documents; `bg` wins when both are set. */
  background: z.string().optional(),
  textAlign: z.enum(TEXT_ALIGNS).catch('center').default('center'),
  color: z.string().default('#ffffff'),
  /** Colour of the highlighted keywords. */
  boldColor: z.string().default('#ffd43b'),
  /** A highlighter effect over the text (scene catalogue name). */
  highlightFx: z.string().optional(),
  fontFamily: z.string().default('Inter'),
  /** The tint laid over media under the text (text_overlay and list layouts). */
  overlayColor: z.string().default('#000000'),
  overlayAlpha: alpha,
});
export type SlideStyle = z.infer<typeof SlideStyleSchema>;

const showHide = { show: z.string().optional(), hide: z.string().optional() };

/** Animations of a slide's texts, media and frame (spec 001 §3 settings.fx). */
export const SlideFxSchema = z.looseObject({
  text: z
    .looseObject({
      ...showHide,
      /** A highlighter effect name. */
      overlay: z.string().optional(),
      /** Run the show and hide effects per word, character or line. */
      breakAt: z.enum(BREAK_AT).optional().catch(undefined),
    })
    .prefault({}),
  media: z.looseObject({ ...showHide, stay: z.string().optional() }).prefault({}),
  frame: z.looseObject(showHide).prefault({}),
});

/** The border and shadow of a text container (spec 001 §3 settings.container.style). */
export const ContainerStyleSchema = z.looseObject({
  border: z
    .looseObject({
      enabled: z.boolean().default(false),
      /** Px of a 576-high stage, 0–10. */
      thickness: z.number().min(0).max(10).catch(2).default(2),
      color: z.string().default('#ffffff'),
      sides: z
        .object({ top: z.boolean(), right: z.boolean(), bottom: z.boolean(), left: z.boolean() })
        .default({ top: true, right: true, bottom: true, left: true }),
      /** Corner radius 0–10. */
      radius: z.number().min(0).max(10).catch(0).default(0),
    })
    .prefault({}),
  shadow: z
    .looseObject({
      enabled: z.boolean().default(false),
      color: z.string().default('#000000'),
      /** Blur, px of a 576-high stage. */
      thickness: z.number().min(0).max(20).catch(8).default(8),
      distance: z.number().min(0).max(20).catch(4).default(4),
    })
    .prefault({}),
});

/** The box behind a slide's text in the container layouts (spec 001 §3 settings.container). */
export const SlideContainerSchema = z.looseObject({
  /** Extra CSS kept from older documents; the renderer does not read it. */
  css: z.string().optional(),
  style: ContainerStyleSchema.prefault({}),
  /** Blur behind the box, px of a 576-high stage (0 = none). */
  backdrop: z.number().min(0).max(50).catch(0).default(0),
  backgroundColor: z.string().default('#000000'),
  backgroundAlpha: alpha,
  /** A container background effect (scene catalogue name). */
  backgroundFx: z.string().optional(),
  animation: z.enum(CONTAINER_ANIMATIONS).optional().catch(undefined),
  /** Horizontal skew, degrees. */
  skew: z.number().min(-45).max(45).catch(0).default(0),
});

/** Narration and design choices of a slide (spec 001 §3 slide settings). */
export const SlideSettingsSchema = z.looseObject({
  audioSource: z.enum(AUDIO_SOURCES).catch('free_tts').default('free_tts'),
  voiceId: z.string().optional(),
  lang: z.string().optional(),
  engine: z.string().optional(),
  layout: z.enum(SLIDE_LAYOUTS).catch('automatic').default('automatic'),
  /** The text show animation name. */
  animation: z.string().optional(),
  /** Pan and zoom slowly over images (Ken Burns). */
  animate: z.boolean().default(true),
  fx: SlideFxSchema.prefault({}),
  container: SlideContainerSchema.prefault({}),
});
export type SlideSettings = z.infer<typeof SlideSettingsSchema>;

/** A slide of the slides step (spec 001 §3). */
export const SlideSchema = z.looseObject({
  id: z.string().min(1),
  texts: z.array(SlideTextSchema).default([]),
  activeTextId: z.string().optional(),
  style: SlideStyleSchema.prefault({}),
  settings: SlideSettingsSchema.prefault({}),
  /** Do not sync design changes of other slides into this one. */
  unique: z.boolean().default(false),
  /** Mute the background music while this slide plays. */
  bgMute: z.boolean().default(false),
  /** Right-to-left text. */
  rtl: z.boolean().default(false),
  /** Hash of texts, media, style and settings (see `slideFrameKey`): the preview rebuilds when it changes. */
  frameKey: z.string().optional(),
  /** Play the sound of the slide's video clips. */
  unmute: z.boolean().default(false),
});
export type Slide = z.infer<typeof SlideSchema>;
export type SlideInput = z.input<typeof SlideSchema>;

/** A saved or built-in design (spec 001 §3 preset): partial style and settings to apply. */
export const PresetSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().min(1),
  data_json: z
    .looseObject({
      style: z.record(z.string(), z.unknown()).default({}),
      settings: z.record(z.string(), z.unknown()).default({}),
    })
    .prefault({}),
});
export type Preset = z.infer<typeof PresetSchema>;

/** One contact or social item of the customize step (spec 001 §2). */
export const SocialEntrySchema = z.object({ enabled: z.boolean().default(false), value: z.string().default('') });

/** Contact and social data (spec 001 §2): intro, website, facebook, twitter, instagram, email, phone, outro. */
export const SocialSchema = z.object(
  Object.fromEntries(SOCIAL_KEYS.map((key) => [key, SocialEntrySchema.optional()])) as Record<
    (typeof SOCIAL_KEYS)[number],
    z.ZodOptional<typeof SocialEntrySchema>
  >,
);
export type Social = z.infer<typeof SocialSchema>;

/** Whether a layout is one of the list layouts (spec 001 §9). */
export function isListLayout(layout: string | undefined): boolean {
  return typeof layout === 'string' && layout.startsWith('list_');
}
