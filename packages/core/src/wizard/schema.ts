import { z } from 'zod';
import { CaptionStyleChoiceSchema } from '../captions/schema';
import { SlideSchema, SocialSchema } from './slides/schema';

/** Where the article comes from (spec 001 §4 "Content source values"). */
export const CONTENT_SOURCES = ['paste', 'ezine', 'url', 'listicle', 'news', 'blog', 'quiz', 'edit'] as const;
export type ContentSource = (typeof CONTENT_SOURCES)[number];
/** The sources that show an article search list. */
export const SEARCH_SOURCES = ['ezine', 'news', 'blog'] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

export const isSearchSource = (source: string | undefined): source is SearchSource =>
  (SEARCH_SOURCES as readonly string[]).includes(source ?? '');

/** Listicle idea categories (spec 001 §2 content step). */
export const LISTICLE_CATEGORIES = ['top', 'negative', 'funny', 'other'] as const;
export type ListicleCategory = (typeof LISTICLE_CATEGORIES)[number];

export const ListicleItemSchema = z.object({
  id: z.string(),
  name: z.string().default(''),
  trivia: z.string().default(''),
});
export type ListicleItem = z.infer<typeof ListicleItemSchema>;

/** A listicle being built (spec 001 §3): reverse and numitem default to true. */
export const ListicleSchema = z.object({
  idea: z.string().default(''),
  list: z.array(ListicleItemSchema).default([]),
  reverse: z.boolean().default(true),
  numitem: z.boolean().default(true),
});
export type Listicle = z.infer<typeof ListicleSchema>;

export const QuizQuestionSchema = z.object({
  id: z.string(),
  q: z.string().default(''),
  mcq: z.boolean().default(true),
  option1: z.string().default(''),
  option2: z.string().default(''),
  option3: z.string().default(''),
  option4: z.string().default(''),
  /** The correct option's number, '1' to '4'; empty when none is chosen. */
  correct: z.string().default(''),
  /** The answer's explanation. */
  a: z.string().default(''),
});
export type QuizQuestion = z.infer<typeof QuizQuestionSchema>;

export const QuizSchema = z.object({ questions: z.array(QuizQuestionSchema).default([]) });
export type Quiz = z.infer<typeof QuizSchema>;

/**
 * The author's view of the guided wizard (spec 001 §3). Loose: fields not modelled yet
 * (media_search_engine) are kept as they were saved.
 */
export const WizardSchema = z.looseObject({
  /** Comma-separated keywords; the first is the main keyword. */
  keyword: z.string().default(''),
  source: z.enum(CONTENT_SOURCES).optional(),
  /** The source chosen at the keyword step, kept when `source` becomes 'edit'. */
  originalSource: z.enum(CONTENT_SOURCES).optional(),
  title: z.string().optional(),
  body: z.string().optional(),
  /** Break text longer than this many characters into more slides (default 320). */
  breakText: z.number().int().nonnegative().optional(),
  /** The imported or chosen article's address. */
  url: z.string().optional(),
  /** The search type the article came from (ezine, news, blog). */
  type: z.string().optional(),
  listicle: ListicleSchema.optional(),
  quiz: QuizSchema.optional(),
  slides: z.array(SlideSchema).default([]),
  /** Contact and social slides of the customize step (spec 001 §2). */
  social: SocialSchema.optional(),
  /** One uploaded recording of the whole article, synced to the slide lines by transcription. */
  syncVo: z.string().optional(),
  /** Background music of the customize step: a stock track and its volume. */
  music: z
    .object({ id: z.string().optional(), url: z.string(), volume: z.number().min(0).max(1).default(0.25) })
    .optional(),
  /** A paid member's own watermark (free plans always get the product's). */
  watermark: z.object({ enabled: z.boolean().default(false), text: z.string().default('') }).optional(),
  /** Burned-in captions chosen in the customize step (D68); the video keeps its own when absent. */
  captions: CaptionStyleChoiceSchema.optional(),
  maxIndex: z.number().int().nonnegative().optional(),
  /**
   * What the wizard last wrote to the video's own settings (music, watermark, captions), as
   * canonical JSON by setting: a rebuild leaves a setting the builder changed since (D92).
   */
  applied: z.record(z.string(), z.string()).optional(),
  /** Which variation of the keyword this video is (the 'Create new video variation' restart). */
  variation: z.number().int().nonnegative().optional(),
});
export type Wizard = z.infer<typeof WizardSchema>;
