/**
 * What a video is made from in one call (issue 22): the `make` command and the API's create-video
 * job take this request, and the server's maker runs the wizard's steps on it without a browser.
 */
import { z } from 'zod';
import { CaptionStyleChoiceSchema } from '../captions/schema';
import { EXPORT_QUALITIES } from '../publish/export-size';
import { QuizQuestionSchema } from '../wizard/schema';
import { BUILT_IN_PRESETS } from '../wizard/slides/presets';

/** The maker's steps, in order: the article, slides, pictures, narration, frames, then the render. */
export const MAKER_STAGES = ['article', 'slides', 'media', 'narration', 'frames', 'render'] as const;
export type MakerStage = (typeof MAKER_STAGES)[number];

/** The most slides a made video may ask for (a free plan keeps its own lower limit). */
export const MAKER_MAX_SLIDES = 50;
/** The longest text a request may carry, in characters (the editor keeps 600 words, spec 001 §5). */
export const MAKER_TEXT_MAX_CHARS = 20_000;

/** The stage of each shape: only its orientation matters to the layouts (spec 001 §9). */
export const MAKER_SHAPES = {
  wide: { width: 1024, height: 576 },
  vertical: { width: 576, height: 1024 },
  square: { width: 720, height: 720 },
} as const;
export type MakerShape = keyof typeof MAKER_SHAPES;

const presetIds = BUILT_IN_PRESETS.map((preset) => preset.id);

/** Choices every source shares: the wizard's voice, export size, shape, slide count and look. */
const options = {
  /** A voice id of the voice list; the wizard's default voice (eSpeak's English offline) when absent. */
  voice: z.string().trim().min(1).max(200).optional(),
  /** The export's short side, as the publish dialog offers it. */
  size: z.enum(Object.keys(EXPORT_QUALITIES) as [keyof typeof EXPORT_QUALITIES]).default('1080p'),
  shape: z.enum(Object.keys(MAKER_SHAPES) as [MakerShape]).default('wide'),
  /** At most this many slides: the text is summarised to fit, as the editor's 'Shorten' does. */
  slides: z.number().int().min(1).max(MAKER_MAX_SLIDES).optional(),
  /** A built-in style preset for every slide; the wizard's look (the first slide 'film') when absent. */
  style: z
    .string()
    .refine((id) => presetIds.includes(id), { error: `Choose a style preset: ${presetIds.join(', ')}.` })
    .optional(),
  /** Captions burned into the picture from the narration's words (D68); the .srt and .vtt files come either way. */
  captions: CaptionStyleChoiceSchema.default('off'),
};
/** Comma-separated keywords highlighted on the slides; the first also names a pasted text without a title. */
const highlighted = { keyword: z.string().trim().max(200).default('') };

const text = (what: string) =>
  z
    .string()
    .max(MAKER_TEXT_MAX_CHARS, { error: `The ${what} may hold at most ${MAKER_TEXT_MAX_CHARS} characters.` })
    .refine((value) => value.trim() !== '', { error: `Enter the ${what}.` });

export const MakeVideoRequestSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('text'),
    /** The article as pasted: a short first line without a final period is its title (spec 001 §4). */
    text: text('text'),
    title: z.string().trim().max(300).optional(),
    ...options,
    ...highlighted,
  }),
  z.object({
    source: z.literal('url'),
    url: z.url({ protocol: /^https?$/, error: 'Enter the address of a web page (http or https).' }),
    ...options,
    ...highlighted,
  }),
  z.object({
    source: z.literal('keyword'),
    /** Searched in the configured article sources; the first article found is used. */
    keyword: z.string().trim().min(1, { error: 'Enter a keyword to search articles for.' }).max(200),
    ...options,
  }),
  z.object({
    source: z.literal('listicle'),
    /** The list's title; `Top N <keyword>` when empty (spec 001 §4). */
    idea: z.string().trim().max(300).default(''),
    items: z.array(z.object({ name: z.string().max(300), trivia: z.string().max(2000).default('') })).max(100),
    /** Count down to #1 (the wizard's default). */
    reverse: z.boolean().default(true),
    /** Number the items (the wizard's default). */
    numitem: z.boolean().default(true),
    ...options,
    ...highlighted,
  }),
  z.object({
    source: z.literal('quiz'),
    questions: z.array(QuizQuestionSchema.omit({ id: true })).max(100),
    ...options,
    ...highlighted,
  }),
]);

export type MakeVideoRequest = z.output<typeof MakeVideoRequestSchema>;
/** A request as a client writes it: defaults may be left out. */
export type MakeVideoRequestInput = z.input<typeof MakeVideoRequestSchema>;
