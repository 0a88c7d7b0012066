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

/** The stock music's track ids, as the customize step lists them (the server's `music/tracks.ts`; a test keeps both equal). */
export const STOCK_MUSIC_TRACKS = ['calm-horizon', 'morning-steps', 'warm-pulse', 'soft-focus', 'golden-hour'] as const;

/**
 * Choices every source shares: the wizard's voice, export size, shape, slide count and look. The
 * descriptions are the API reference's (D74).
 */
const options = {
  voice: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("A voice id of the voice list; the wizard's default voice (eSpeak's English) when absent."),
  size: z
    .enum(Object.keys(EXPORT_QUALITIES) as [keyof typeof EXPORT_QUALITIES])
    .default('1080p')
    .describe("The video's short side, as the publish dialog offers it."),
  shape: z
    .enum(Object.keys(MAKER_SHAPES) as [MakerShape])
    .default('wide')
    .describe('Wide (16:9), vertical (9:16) or square.'),
  slides: z
    .number()
    .int()
    .min(1)
    .max(MAKER_MAX_SLIDES)
    .optional()
    .describe("At most this many slides, the title's included: the text is summarized to fit."),
  style: z
    .string()
    .refine((id) => presetIds.includes(id), { error: `Choose a style preset: ${presetIds.join(', ')}.` })
    .optional()
    .describe(`A style preset for every slide (${presetIds.join(', ')}); the wizard's look when absent.`),
  captions: CaptionStyleChoiceSchema.default('off').describe(
    "Captions burned into the picture from the narration's words; the .srt and .vtt files come either way.",
  ),
  music: z
    .object({
      track: z.enum(STOCK_MUSIC_TRACKS).describe('A stock track, as the wizard offers them.'),
      volume: z.number().min(0).max(1).default(0.25).describe('0–1, under the narration.'),
    })
    .optional()
    .describe('Background music for the whole video; none when absent.'),
};
const highlighted = {
  keyword: z
    .string()
    .trim()
    .max(200)
    .default('')
    .describe(
      'Comma-separated keywords highlighted on the slides; the first also names a pasted text without a title.',
    ),
};

const text = (what: string) =>
  z
    .string()
    .max(MAKER_TEXT_MAX_CHARS, { error: `The ${what} may hold at most ${MAKER_TEXT_MAX_CHARS} characters.` })
    .refine((value) => value.trim() !== '', { error: `Enter the ${what}.` });

export const MakeVideoRequestSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('text'),
    text: text('text').describe('The article as pasted: a short first line without a final period is its title.'),
    title: z.string().trim().max(300).optional().describe("The video's title, when the text's first line is not."),
    ...options,
    ...highlighted,
  }),
  z.object({
    source: z.literal('url'),
    url: z
      .url({ protocol: /^https?$/, error: 'Enter the address of a web page (http or https).' })
      .describe("A web page whose article becomes the video (a blog post's address)."),
    ...options,
    ...highlighted,
  }),
  z.object({
    source: z.literal('keyword'),
    keyword: z
      .string()
      .trim()
      .min(1, { error: 'Enter a keyword to search articles for.' })
      .max(200)
      .describe('Searched in the configured article sources; the first article found is used.'),
    ...options,
  }),
  z.object({
    source: z.literal('listicle'),
    idea: z.string().trim().max(300).default('').describe("The list's title; `Top N <keyword>` when empty."),
    items: z.array(z.object({ name: z.string().max(300), trivia: z.string().max(2000).default('') })).max(100),
    reverse: z.boolean().default(true).describe('Count down to #1.'),
    numitem: z.boolean().default(true).describe('Number the items.'),
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
