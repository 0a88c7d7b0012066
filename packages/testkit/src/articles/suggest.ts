import { type FakeSource, startFakeSource } from './fake-server';

/**
 * The suggest-query endpoint (`GET /complete/search?client=firefox&q=`) on 127.0.0.1: answers
 * `["q", ["s1", "s2", …]]` with the known phrases that start with the query (case-insensitive),
 * at most 10, as the real one.
 */
export function startFakeSuggest(phrases: string[]): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      if (request.path !== '/complete/search') return this.errorReply(404, 'Not Found');
      const q = request.query.get('q') ?? '';
      const found = phrases.filter((p) => p.toLowerCase().startsWith(q.toLowerCase()) && q.trim() !== '').slice(0, 10);
      return {
        status: 200,
        headers: { 'Content-Type': 'text/javascript; charset=UTF-8' },
        body: JSON.stringify([q, found]),
      };
    },
    errorReply(status, message) {
      return {
        status,
        headers: { 'Content-Type': 'text/html; charset=UTF-8' },
        body: `<html><title>${status}</title><body>${message}</body></html>`,
      };
    },
  });
}
