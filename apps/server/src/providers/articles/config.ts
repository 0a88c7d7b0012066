/**
 * Article and keyword sources' slice of the configuration (config-slice.ts): the keyless ones
 * (news RSS, Wikipedia, suggestions, Datamuse) go together; a web search without its key is not offered.
 */
import { z } from 'zod';
import { type EnvOf, flag, httpUrl } from '../../config-slice';

export const articleSourcesEnv = {
  ARTICLES_KEYLESS: flag
    .default(true)
    .describe(
      'offer the keyless article and keyword sources: Google News RSS (news), Wikipedia (ezine), search suggestions and Datamuse',
    ),
  GOOGLE_NEWS_RSS_URL: httpUrl().default('https://news.google.com').describe("Google News' address (RSS search)"),
  WIKIPEDIA_API_URL: httpUrl()
    .default('https://en.wikipedia.org/w/api.php')
    .describe("Wikipedia's API (the full `api.php` address)"),
  KEYWORD_SUGGEST_URL: httpUrl()
    .default('https://suggestqueries.google.com/complete/search?client=firefox')
    .describe('the keyword suggestions address'),
  DATAMUSE_URL: httpUrl().default('https://api.datamuse.com').describe("Datamuse's address (related words)"),
  BRAVE_SEARCH_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Brave Search: web search for the ezine and blog sources; also the `bing` image engine's key unless `BRAVE_IMAGES_API_KEY` is set",
    ),
  BRAVE_SEARCH_URL: httpUrl().default('https://api.search.brave.com').describe("Brave Search's address"),
  SERPAPI_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('SerpApi: web search for the ezine and blog sources (after Brave when both are set)'),
  SERPAPI_URL: httpUrl().default('https://serpapi.com').describe("SerpApi's address"),
};

export function articleSourcesConfig(e: EnvOf<typeof articleSourcesEnv>) {
  return {
    keyless: e.ARTICLES_KEYLESS,
    googleNewsUrl: e.GOOGLE_NEWS_RSS_URL,
    wikipediaUrl: e.WIKIPEDIA_API_URL,
    suggestUrl: e.KEYWORD_SUGGEST_URL,
    datamuseUrl: e.DATAMUSE_URL,
    brave: { apiKey: e.BRAVE_SEARCH_API_KEY, url: e.BRAVE_SEARCH_URL },
    serpapi: { apiKey: e.SERPAPI_API_KEY, url: e.SERPAPI_URL },
  };
}
