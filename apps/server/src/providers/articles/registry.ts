import type { ArticleSourcesConfig } from '../../config';
import { braveSearch } from './brave';
import { datamuse } from './datamuse';
import { googleNewsSearch } from './google-news';
import { serpApiSearch } from './serpapi';
import { suggestQueries } from './suggest';
import type {
  ArticleSearchProvider,
  ArticleType,
  EncyclopediaProvider,
  KeywordSuggestProvider,
  RelatedWordsProvider,
} from './types';
import { wikipedia } from './wikipedia';

/** The configured sources; a missing one means that feature has nothing to ask. */
export type ArticleSources = {
  /** Per search type, the providers to ask in order (the first that answers wins). */
  search: Record<ArticleType, ArticleSearchProvider[]>;
  suggest: KeywordSuggestProvider | undefined;
  related: RelatedWordsProvider | undefined;
  encyclopedia: EncyclopediaProvider | undefined;
};

/**
 * Picks the adapters configured: news is Google News RSS (keyless); ezine and blog are a web
 * search (Brave, else SerpAPI), ezine falling back to Wikipedia; suggestions, Datamuse and
 * Wikipedia are keyless and offered unless `ARTICLES_KEYLESS=0`.
 */
export function createArticleSources(config: ArticleSourcesConfig, timeoutMs?: number): ArticleSources {
  const web: ArticleSearchProvider[] = [];
  if (config.brave.apiKey) web.push(braveSearch({ apiKey: config.brave.apiKey, url: config.brave.url, timeoutMs }));
  if (config.serpapi.apiKey)
    web.push(serpApiSearch({ apiKey: config.serpapi.apiKey, url: config.serpapi.url, timeoutMs }));
  const encyclopedia = config.keyless ? wikipedia({ url: config.wikipediaUrl, timeoutMs }) : undefined;
  return {
    search: {
      ezine: encyclopedia ? [...web, encyclopedia] : web,
      blog: web,
      news: config.keyless ? [googleNewsSearch({ url: config.googleNewsUrl, timeoutMs })] : [],
    },
    suggest: config.keyless ? suggestQueries({ url: config.suggestUrl, timeoutMs }) : undefined,
    related: config.keyless ? datamuse({ url: config.datamuseUrl, timeoutMs }) : undefined,
    encyclopedia,
  };
}
