import { type FakeSource, matching, startFakeSource } from './fake-server';

/** A page the fake web searches know (Brave and SerpAPI). */
export type FakeWebPage = { title: string; url: string; description: string; siteName?: string; published?: Date };

const BRAVE_CODES: Record<number, string> = {
  401: 'SUBSCRIPTION_TOKEN_INVALID',
  422: 'VALIDATION',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
};

/**
 * Brave Search API `GET /res/v1/web/search?q=&count=` on 127.0.0.1 with `X-Subscription-Token`;
 * answers `{ type: 'search', query, web: { type: 'search', results } }` and errors as
 * `{ type: 'ErrorResponse', error: { id, status, code, detail } }`. Descriptions carry Brave's
 * `<strong>` highlights.
 */
export function startFakeBraveSearch(pages: FakeWebPage[], apiKey = 'brave-test-key'): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      if (request.headers['x-subscription-token'] !== apiKey)
        return this.errorReply(401, 'The provided subscription token is invalid.');
      if (request.path !== '/res/v1/web/search') return this.errorReply(404, 'Not found');
      const q = request.query.get('q') ?? '';
      if (!q) return this.errorReply(422, 'Unable to validate request parameter(s): q is required');
      const count = Number(request.query.get('count') ?? 20);
      const results = matching(pages, q, (p) => `${p.title} ${p.description}`)
        .slice(0, count)
        .map((p) => ({
          type: 'search_result',
          title: p.title,
          url: p.url,
          is_source_local: false,
          is_source_both: false,
          description: p.description.replace(new RegExp(`(${q.split(/\s+/)[0]})`, 'i'), '<strong>$1</strong>'),
          ...(p.published ? { page_age: p.published.toISOString().slice(0, 19) } : {}),
          profile: { name: p.siteName ?? new URL(p.url).hostname, url: p.url },
          language: 'en',
          family_friendly: true,
          meta_url: {
            scheme: 'https',
            netloc: new URL(p.url).hostname,
            hostname: new URL(p.url).hostname,
            path: new URL(p.url).pathname,
          },
        }));
      return {
        status: 200,
        body: {
          type: 'search',
          query: { original: q, show_strict_warning: false, more_results_available: false },
          mixed: { type: 'mixed', main: results.map((_, index) => ({ type: 'web', index, all: false })) },
          web: { type: 'search', results, family_friendly: true },
        },
      };
    },
    errorReply(status, message) {
      return {
        status,
        body: {
          type: 'ErrorResponse',
          error: {
            id: 'b7c1e2f4-0000-4000-8000-000000000000',
            status,
            code: BRAVE_CODES[status] ?? 'ERROR',
            detail: message,
            meta: {},
          },
          time: 1736150400,
        },
      };
    },
  });
}
