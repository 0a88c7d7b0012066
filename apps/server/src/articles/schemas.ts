import { z } from 'zod';
import { ARTICLE_TYPES } from '../providers/articles/types';

const Keyword = z.string().trim().min(1, 'Enter a keyword.').max(200);

export const ArticleTypeSchema = z.enum(ARTICLE_TYPES);

export const ArticleSearchQuerySchema = z.object({ keyword: Keyword, type: ArticleTypeSchema });

export const ArticleHitSchema = z.object({
  title: z.string(),
  url: z.string(),
  description: z.string(),
  source: z.string(),
  published: z.string().optional(),
});

/** `hint` explains an empty list (nothing found, or no provider for the type); `next` is the source to try next. */
export const ArticleSearchResponseSchema = z.object({
  articles: z.array(ArticleHitSchema),
  hint: z.string().optional(),
  next: ArticleTypeSchema.optional(),
});

export const ArticleFetchQuerySchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://.' }).max(2000),
  type: ArticleTypeSchema.optional(),
});

export const ArticleSchema = z.object({
  title: z.string(),
  /** Plain text, paragraphs separated by a blank line. */
  body: z.string(),
  description: z.string(),
  author: z.string(),
  keywords: z.array(z.string()),
  /** The address the text was read from, after redirects. */
  cache: z.string(),
});
export type Article = z.infer<typeof ArticleSchema>;

export const KeywordQuerySchema = z.object({ keyword: Keyword });
export const KeywordBodySchema = z.object({ keyword: Keyword });

export const KeywordListResponseSchema = z.object({ keywords: z.array(z.string()), hint: z.string().optional() });
export const LsiResponseSchema = z.object({ terms: z.array(z.string()), hint: z.string().optional() });

export const LISTICLE_CATEGORIES = ['top', 'negative', 'funny', 'other'] as const;
export const ListicleIdeasQuerySchema = z.object({ keyword: Keyword, category: z.enum(LISTICLE_CATEGORIES) });
export const ListicleIdeasResponseSchema = z.object({ ideas: z.array(z.string()), hint: z.string().optional() });

/** `keyword` as the wizard keeps it: comma-separated, the first one the main keyword. */
export const AddKeywordsBodySchema = z.object({ keyword: z.string().trim().min(1, 'Enter a keyword.').max(1000) });
export const AddKeywordsResponseSchema = z.object({ keywords: z.array(z.string()) });
