import { z } from 'zod';
import { CaptionSettingsSchema } from '../captions/schema';
import { BackgroundSchema } from './background';
import { TimedEffectSchema } from './fx';
import { ItemSchema, MIN_ITEM_DURATION } from './item';
import { RANGES } from './ranges';
import { DEFAULT_MOVIE_SIZE } from './sizes';
import { ColorSchema } from './style';

/**
 * What built a frame, kept so that building again can tell the builder's edits from its own
 * work (D38): the wizard slide or the contact item it was built from, and the fingerprint of the
 * frame as built (`frameFingerprint`). Frames the author adds in the builder have none.
 */
export const FrameOriginSchema = z.object({
  kind: z.enum(['slide', 'contact']),
  /** The slide's id, or the contact item's key (intro, website, …, outro). */
  id: z.string().min(1),
  /** The frame's fingerprint when built: while the frame still has it, nobody has edited it. */
  builtHash: z.string().min(1),
});
export type FrameOrigin = z.infer<typeof FrameOriginSchema>;

/**
 * A wash of colour over a slide's backdrop, so text stays readable over a busy picture (the
 * wizard's overlay colour and alpha, spec 001 §5): drawn over the frame's background and the
 * pictures at the bottom of its stack (the image, video and gallery items under every other
 * visual item), under everything above them. A property of the slide, not an item: nothing to
 * pick on the stage or to list in the timeline (D92).
 */
export const FrameTintSchema = z.object({
  color: ColorSchema,
  /** 0 (none) to 1 (the colour alone). */
  alpha: z.number().min(0).max(1),
});
export type FrameTint = z.infer<typeof FrameTintSchema>;

/** A slide of the finished video: layered items over a background (spec 002 §3). */
export const FrameSchema = z.object({
  id: z.string().min(1),
  /** Top layer first (spec 002 §2: "top moves to first"); drawn from the last to the first. */
  items: z.array(ItemSchema).default([]),
  /** Seconds the frame lasts; frames play one after another. */
  duration: z.number().min(MIN_ITEM_DURATION).default(5),
  background: BackgroundSchema.prefault({ type: 'color', color: '#000000' }),
  /** The tint over the background and the pictures under the rest (D92); none when absent. */
  tint: FrameTintSchema.optional(),
  /** How the frame enters and leaves. */
  transition: z.object({ show: TimedEffectSchema.optional(), hide: TimedEffectSchema.optional() }).default({}),
  /** Narration settings of the slide (spec 002 §3). */
  settings: z
    .object({
      audioSource: z.enum(['none', 'free_tts', 'paid_tts', 'mic', 'mp3']).default('none'),
      voiceId: z.string().optional(),
      lang: z.string().optional(),
    })
    .default({ audioSource: 'none' }),
  /** Set when the frame was generated from contact info (001 §3 social slides). */
  social: z.string().optional(),
  /** Music is silenced while this frame plays. */
  musicMuted: z.boolean().default(false),
  origin: FrameOriginSchema.optional(),
});
export type Frame = z.infer<typeof FrameSchema>;

export const WatermarkSchema = z
  .object({
    type: z.enum(['none', 'text', 'image']),
    text: z.string().optional(),
    image: z.string().optional(),
    positionX: z.enum(['left', 'center', 'right']).default('right'),
    positionY: z.enum(['top', 'center', 'bottom']).default('bottom'),
    /** 0–1, default 0.6 (002 §9). */
    opacity: z.number().min(RANGES.watermarkOpacity.min).max(RANGES.watermarkOpacity.max).default(0.6),
    /** Distance from the edges, px of a 576-high stage, default 15. */
    margin: z.number().min(0).max(200).default(15),
    fontFamily: z.string().default('Inter'),
    color: ColorSchema.default('#ffffff'),
  })
  .refine((w) => w.type !== 'text' || !!w.text?.trim(), { error: 'Enter the watermark text.', path: ['text'] })
  .refine((w) => w.type !== 'image' || !!w.image, { error: 'Choose the watermark image.', path: ['image'] });
export type Watermark = z.infer<typeof WatermarkSchema>;

/** The movie (spec 002 §3): frames, size, music and voice levels, watermark, background. */
export const MovieSchema = z.object({
  frames: z.array(FrameSchema).default([]),
  size: z
    .object({
      width: z.number().int().min(RANGES.movieSide.min).max(RANGES.movieSide.max),
      height: z.number().int().min(RANGES.movieSide.min).max(RANGES.movieSide.max),
    })
    .default(DEFAULT_MOVIE_SIZE),
  audio: z
    .object({
      /** Background music. */
      url: z.string().optional(),
      musicVolume: z.number().min(0).max(1).default(0.25),
      voiceVolume: z.number().min(0).max(1).default(1),
    })
    .default({ musicVolume: 0.25, voiceVolume: 1 }),
  watermark: WatermarkSchema.prefault({ type: 'none' }),
  /**
   * The movie's background (spec 002 §3 movie `bg`; the movie-level 'Background Color'): drawn
   * as the background of every frame whose own leaves the stage uncovered — type 'none', or
   * around a blob (D37). None when absent.
   */
  background: BackgroundSchema.optional(),
  /** Burned-in captions from the narration's words (D68); none when absent. */
  captions: CaptionSettingsSchema.optional(),
});
export type Movie = z.infer<typeof MovieSchema>;
