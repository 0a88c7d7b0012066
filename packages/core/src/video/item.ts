import { z } from 'zod';
import { SpokenWordsSchema } from '../captions/schema';
import { BackgroundSchema } from './background';
import { EasingSchema } from './easing';
import { FxSchema, KenBurnsSchema } from './fx';
import { RANGES } from './ranges';
import { ColorSchema, StylePickerSchema } from './style';
import {
  ContainerSchema,
  DEFAULT_FIT_PADDING,
  DEFAULT_TEXT_PADDING,
  FontSchema,
  LayoutCacheSchema,
  ParagraphSchema,
} from './text';

/** Shortest item (spec 002 §5). */
export const MIN_ITEM_DURATION = 0.1;

/** When an item shows, in seconds from the start of its frame; visible inclusive of both ends. */
export const TimingSchema = z
  .object({ start: z.number().min(0), stop: z.number().min(0) })
  .refine((t) => t.stop - t.start >= MIN_ITEM_DURATION - 1e-9, {
    error: `An item lasts at least ${MIN_ITEM_DURATION} s.`,
    path: ['stop'],
  });
export type Timing = z.infer<typeof TimingSchema>;

/**
 * Where an item sits, resolution independent: fractions of the stage (spec 002 §3 style
 * position), rotation in degrees, opacity 0–1.
 */
export const BoxSchema = z.object({
  left: z.number(),
  top: z.number(),
  width: z.number().positive(),
  height: z.number().positive(),
  rotate: z.number().default(0),
  opacity: z.number().min(0).max(1).default(1),
});
export type Box = z.infer<typeof BoxSchema>;

/** Style properties a keyframe may set (spec 002 §3), in the units of the box. */
export const KeyframeStyleSchema = z
  .object({
    left: z.number(),
    top: z.number(),
    width: z.number().positive(),
    height: z.number().positive(),
    rotate: z.number(),
    rotateX: z.number(),
    rotateY: z.number(),
    scale: z.number().positive(),
    scaleX: z.number().positive(),
    scaleY: z.number().positive(),
    opacity: z.number().min(0).max(1),
    /**
     * Stacking order from this keyframe on (spec 002 §3 keyframe z-index): a step, never
     * interpolated; higher is nearer the top, items without one count as 0 (see `stackAt`).
     */
    zIndex: z.number().int(),
  })
  .partial();
export type KeyframeStyle = z.infer<typeof KeyframeStyleSchema>;

export const KeyframeSchema = z.object({
  /** Seconds from the item's start (0 or more, 2 decimals). */
  delay: z.number().min(0),
  style: KeyframeStyleSchema,
  /**
   * How the item moves into this keyframe from the one before (or from its own values at its
   * start): the segment that ends here (D94). Absent means linear, as before easing existed.
   * z-index is a step and never eased.
   */
  easing: EasingSchema.optional(),
});
export type Keyframe = z.infer<typeof KeyframeSchema>;

/**
 * Sound attached to a visual item (spec 002 §3 item audio; the builder's 'Attach' when audio is
 * dropped on an item): it plays from the item's start, at the voice volume, for its duration or
 * as long as the item shows, whichever is shorter.
 */
export const AttachedAudioSchema = z.object({
  url: z.string().min(1),
  /** Where it came from (the spec's `type`): speech synthesis, an upload or the microphone. */
  source: z.enum(['tts', 'upload', 'mic']).default('upload'),
  /** Seconds of audio, measured when the url was set. */
  duration: z.number().positive().optional(),
  /** The words spoken, timed from the start of the file (speech only; captions, D68). */
  words: SpokenWordsSchema.optional(),
});
export type AttachedAudio = z.infer<typeof AttachedAudioSchema>;

const itemBase = {
  id: z.string().min(1),
  /** A name the author gives the item in the timeline. */
  label: z.string().optional(),
  timing: TimingSchema,
  box: BoxSchema,
  /** Kept sorted by delay (see `normalizeKeyframes`). */
  keyframes: z.array(KeyframeSchema).default([]),
  fx: FxSchema.default({}),
  style: StylePickerSchema.default({}),
  /** A background behind this item only. */
  background: BackgroundSchema.optional(),
};

export const ObjectFitSchema = z.enum(['cover', 'contain', 'fill', 'scale-down', 'none']);
export type ObjectFit = z.infer<typeof ObjectFitSchema>;

export const TextItemSchema = z.object({
  ...itemBase,
  type: z.literal('text'),
  paragraphs: z.array(ParagraphSchema),
  font: FontSchema.default({ family: 'Inter', size: 48 / 576, lineHeight: 1.25 }),
  color: ColorSchema.default('#ffffff'),
  /** Colour of bold runs. */
  boldColor: ColorSchema.optional(),
  /** Colour of highlighted keywords. */
  markColor: ColorSchema.optional(),
  align: z.enum(['left', 'center', 'right']).default('center'),
  verticalAlign: z.enum(['top', 'middle', 'bottom']).default('middle'),
  direction: z.enum(['ltr', 'rtl']).default('ltr'),
  /** Px of a 576-high stage (0–200). */
  padding: z.number().min(RANGES.padding.min).max(RANGES.padding.max).default(DEFAULT_TEXT_PADDING),
  /** Shrink the text until it fits the box. */
  fitText: z.boolean().default(true),
  fitPadding: z.number().min(0).max(RANGES.padding.max).default(DEFAULT_FIT_PADDING),
  container: ContainerSchema.optional(),
  layoutCache: LayoutCacheSchema.optional(),
  audio: AttachedAudioSchema.optional(),
});

/** Where media came from (the engine) and under which licence (see `ENGINE_LICENSES`). */
export const MediaCreditSchema = z.object({ source: z.string(), license: z.string(), author: z.string().optional() });
export type MediaCredit = z.infer<typeof MediaCreditSchema>;

const mediaFields = {
  url: z.string().min(1),
  fit: ObjectFitSchema.default('cover'),
  /** Focus of the fit, 0–1 across and down (0.5, 0.5 = centre). */
  position: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).default({ x: 0.5, y: 0.5 }),
  kenBurns: KenBurnsSchema.optional(),
  /** Where the media came from and under which licence, for the video's credits. */
  credit: MediaCreditSchema.optional(),
};

export const ImageItemSchema = z.object({
  ...itemBase,
  type: z.literal('image'),
  ...mediaFields,
  audio: AttachedAudioSchema.optional(),
});

export const VideoItemSchema = z.object({
  ...itemBase,
  type: z.literal('video'),
  ...mediaFields,
  /** Seconds into the clip where playback starts and stops (clamped when stopTime > startTime). */
  startTime: z.number().min(0).default(0),
  stopTime: z.number().min(0).default(0),
  speed: z.number().min(RANGES.videoSpeed.min).max(RANGES.videoSpeed.max).default(1),
  loop: z.boolean().default(false),
  volume: z.number().min(RANGES.volume.min).max(RANGES.volume.max).default(1),
  audio: AttachedAudioSchema.optional(),
  /**
   * A still of the clip: what a render draws for a video-site address (D55), whose embedded
   * player no file stands in for.
   */
  poster: z.string().min(1).optional(),
});

export const GalleryItemSchema = z.object({
  ...itemBase,
  type: z.literal('gallery'),
  images: z.array(z.object({ url: z.string() })),
  fit: ObjectFitSchema.default('cover'),
  /** Gap between images, fraction of the stage height. */
  gap: z.number().min(0).max(0.1).default(0.01),
  audio: AttachedAudioSchema.optional(),
});

/**
 * A panel (spec 002 §3 item type `slide`, D37): a rectangle painted with its own background
 * settings — colour, gradient, image, blob or video, with filters — so a frame can hold a card
 * under text. Its corners follow the style's border radius.
 */
export const SlideItemSchema = z.object({
  ...itemBase,
  type: z.literal('slide'),
  background: BackgroundSchema,
  audio: AttachedAudioSchema.optional(),
});

export const AudioItemSchema = z.object({
  ...itemBase,
  type: z.literal('audio'),
  url: z.string().min(1),
  volume: z.number().min(RANGES.volume.min).max(RANGES.volume.max).default(1),
  /** Where the audio came from: speech synthesis, an upload or the microphone. */
  source: z.enum(['tts', 'upload', 'mic']).default('upload'),
  /** Seconds of audio, measured when the url was set. */
  duration: z.number().positive().optional(),
  /** Seconds into the file where this item's sound begins (one part of a longer recording). */
  offset: z.number().min(0).default(0),
  /** The text that was spoken, for speech. */
  ttsText: z.string().optional(),
  /** The words spoken, timed from the start of the file, not of `offset` (captions, D68). */
  words: SpokenWordsSchema.optional(),
  /** Where found audio came from and under which licence, for the video's credits. */
  credit: MediaCreditSchema.optional(),
});

/** An item of a frame (spec 002 §3), by type. */
export const ItemSchema = z.discriminatedUnion('type', [
  TextItemSchema,
  ImageItemSchema,
  VideoItemSchema,
  GalleryItemSchema,
  AudioItemSchema,
  SlideItemSchema,
]);
export type Item = z.infer<typeof ItemSchema>;
export type TextItem = z.infer<typeof TextItemSchema>;
export type ImageItem = z.infer<typeof ImageItemSchema>;
export type VideoItem = z.infer<typeof VideoItemSchema>;
export type GalleryItem = z.infer<typeof GalleryItemSchema>;
export type AudioItem = z.infer<typeof AudioItemSchema>;
export type SlideItem = z.infer<typeof SlideItemSchema>;
export type ItemType = Item['type'];
