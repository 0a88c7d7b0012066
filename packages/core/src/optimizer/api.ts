import { z } from 'zod';
import { messages } from '../messages';
import { ProjectIdSchema } from '../project/api';
import { OPTIMIZER_KEYWORD_MIN_CHARS } from './optimize';

/** The target keyword: required, at least 3 characters (spec 000 §5). */
export const OptimizerKeywordSchema = z
  .string({ error: messages.optimizerKeywordRequired })
  .trim()
  .min(OPTIMIZER_KEYWORD_MIN_CHARS, messages.optimizerKeywordRequired)
  .max(200, 'Keep the target keyword under 200 characters.');

/** `POST /api/members/optimizer` and `/optimizer/rewrite`: one of the member's projects and a keyword. */
export const OptimizeInputSchema = z.object({ pid: ProjectIdSchema, keyword: OptimizerKeywordSchema });
export type OptimizeInput = z.infer<typeof OptimizeInputSchema>;

/** The spec's optimization result (title, description, keywords), the keywords as tags. */
export const OptimizerResultSchema = z.object({
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
});

/**
 * The optimizer's answer: a result, or none with the spec's toast text in `message` (a video
 * without text). `rewriteOffered` says whether the server can have a language model rewrite
 * the title and description (an LLM is configured).
 */
export const OptimizeResponseSchema = z.object({
  result: OptimizerResultSchema.nullable(),
  message: z.string().optional(),
  rewriteOffered: z.boolean(),
});
export type OptimizeResponse = z.infer<typeof OptimizeResponseSchema>;
