import { z } from 'zod';
import { LISTICLE_CATEGORIES, SEARCH_SOURCES } from '../wizard/schema';

const Keyword = z.string().trim().min(1, 'Enter a keyword.').max(200);

/** The spec's article search types (spec 001 §2): ezine is a web search, news and blog as named. */
export const ArticleTypeSchema = z.enum(SEARCH_SOURCES);

/** `GET /api/members/articles/search`. */
export const ArticleSearchQuerySchema = z.object({ keyword: Keyword, type: ArticleTypeSchema });

/** One search result, as the article list shows it. */
export const ArticleHitSchema = z.object({
  title: z.string(),
  url: z.string(),
  description: z.string(),
  /** The site or publication, e.g. "BBC News" or "example.com". */
  source: z.string(),
  /** ISO 8601, where the vendor says. */
  published: z.string().optional(),
});
export type ArticleHit = z.infer<typeof ArticleHitSchema>;

/** `hint` explains an empty list (nothing found, or no provider for the type); `next` is the source to try next. */
export const ArticleSearchResponseSchema = z.object({
  articles: z.array(ArticleHitSchema),
  hint: z.string().optional(),
  next: ArticleTypeSchema.optional(),
});
export type ArticleSearchResponse = z.infer<typeof ArticleSearchResponseSchema>;

/** `GET /api/members/articles/fetch`. */
export const ArticleFetchQuerySchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://.' }).max(2000),
  type: ArticleTypeSchema.optional(),
});

/** An imported article. */
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

/** `GET /api/members/articles/related-kw`. */
export const KeywordQuerySchema = z.object({ keyword: Keyword });
/** `POST /api/members/articles/lsi`. */
export const KeywordBodySchema = z.object({ keyword: Keyword });

/** Related keywords; `hint` explains an empty list. */
export const KeywordListResponseSchema = z.object({ keywords: z.array(z.string()), hint: z.string().optional() });
/** LSI terms; `hint` explains an empty list. */
export const LsiResponseSchema = z.object({ terms: z.array(z.string()), hint: z.string().optional() });

/** `GET /api/members/articles/listicle-ideas`. */
export const ListicleIdeasQuerySchema = z.object({ keyword: Keyword, category: z.enum(LISTICLE_CATEGORIES) });
/** Listicle ideas for a keyword; `hint` is the no-suggestion message when `ideas` is empty. */
export const ListicleIdeasResponseSchema = z.object({ ideas: z.array(z.string()), hint: z.string().optional() });
export type ListicleIdeasResponse = z.infer<typeof ListicleIdeasResponseSchema>;

/** `keyword` as the wizard keeps it: comma-separated, the first one the main keyword. */
export const AddKeywordsBodySchema = z.object({ keyword: z.string().trim().min(1, 'Enter a keyword.').max(1000) });
/** The member's saved keywords after the call. */
export const AddKeywordsResponseSchema = z.object({ keywords: z.array(z.string()) });
