import { type FakeSource, startFakeSource } from './fake-server';

/**
 * Datamuse `GET /words?ml=&max=` on 127.0.0.1: `[{ word, score, tags? }]` from a table of
 * word → related words (in order); unknown words give `[]`.
 */
export function startFakeDatamuse(related: Record<string, string[]>): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      if (request.path !== '/words') return this.errorReply(404, 'Not Found');
      const ml = (request.query.get('ml') ?? '').toLowerCase();
      const max = Number(request.query.get('max') ?? 100);
      const words = (related[ml] ?? []).slice(0, max);
      return { status: 200, body: words.map((word, i) => ({ word, score: 90000 - i * 1000, tags: ['syn', 'n'] })) };
    },
    errorReply(status, message) {
      return { status, body: message };
    },
  });
}
