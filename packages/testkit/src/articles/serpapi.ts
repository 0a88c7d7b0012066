import type { FakeWebPage } from './brave';
import { type FakeSource, matching, startFakeSource } from './fake-server';

/**
 * SerpAPI `GET /search.json?engine=google&q=&api_key=` on 127.0.0.1: `{ search_metadata,
 * search_parameters, organic_results: [{ position, title, link, snippet, source, date }] }`;
 * nothing found is a 200 with `error` "Google hasn't returned any results for this query." as
 * SerpAPI sends it; other errors are `{ error }` with the status.
 */
export function startFakeSerpApi(pages: FakeWebPage[], apiKey = 'serpapi-test-key'): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      if (request.path !== '/search.json') return this.errorReply(404, 'Not found');
      if (request.query.get('api_key') !== apiKey)
        return this.errorReply(401, 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key');
      if (request.query.get('engine') !== 'google') return this.errorReply(400, 'Unsupported engine.');
      const q = request.query.get('q') ?? '';
      if (!q) return this.errorReply(400, 'Missing query `q` parameter.');
      const metadata = {
        id: '677b8a000000000000000000',
        status: 'Success',
        json_endpoint: '',
        created_at: '2025-01-06 09:00:00 UTC',
      };
      const found = matching(pages, q, (p) => `${p.title} ${p.description}`).slice(
        0,
        Number(request.query.get('num') ?? 10),
      );
      if (found.length === 0) {
        return {
          status: 200,
          body: {
            search_metadata: metadata,
            search_parameters: { engine: 'google', q },
            search_information: { organic_results_state: 'Fully empty' },
            error: "Google hasn't returned any results for this query.",
          },
        };
      }
      return {
        status: 200,
        body: {
          search_metadata: metadata,
          search_parameters: { engine: 'google', q, google_domain: 'google.com' },
          search_information: { organic_results_state: 'Results for exact spelling', total_results: found.length },
          organic_results: found.map((p, i) => ({
            position: i + 1,
            title: p.title,
            link: p.url,
            displayed_link: `${new URL(p.url).hostname} › ${new URL(p.url).pathname.split('/').filter(Boolean).join(' › ')}`,
            snippet: p.description,
            source: p.siteName ?? new URL(p.url).hostname,
            ...(p.published ? { date: p.published.toDateString().slice(4) } : {}),
          })),
        },
      };
    },
    errorReply(status, message) {
      return { status, body: { error: message } };
    },
  });
}
