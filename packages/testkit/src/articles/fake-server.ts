import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the article-source fakes share: a loopback HTTP server that records requests and can be
 * told to misbehave on the next one — answer an error status with the vendor's own error body,
 * or hang (never answer) so a client's time limit is exercised.
 */
export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
};

export type FakeReply = { status: number; headers?: Record<string, string>; body: string | object };

export type FakeSource = {
  /** `http://127.0.0.1:PORT`: the base URL to configure the adapter with. */
  url: string;
  requests: RecordedRequest[];
  /** The next request answers `status` with the vendor's error shape (429 also sends Retry-After: 30). */
  failNext(status: number, message?: string): void;
  /** The next request gets no answer until the fake closes. */
  hangNext(): void;
  close(): Promise<void>;
};

export type FakeBehaviour = {
  handle(request: RecordedRequest): FakeReply;
  /** The vendor's error answer for a status and message. */
  errorReply(status: number, message: string): FakeReply;
};

export async function startFakeSource(behaviour: FakeBehaviour): Promise<FakeSource> {
  const requests: RecordedRequest[] = [];
  const queue: ({ kind: 'fail'; status: number; message: string } | { kind: 'hang' })[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
    };
    requests.push(request);
    const next = queue.shift();
    if (next?.kind === 'hang') return;
    let reply: FakeReply;
    try {
      reply = next ? behaviour.errorReply(next.status, next.message) : behaviour.handle(request);
      if (next?.status === 429) reply.headers = { 'Retry-After': '30', ...reply.headers };
    } catch (error) {
      reply = behaviour.errorReply(500, (error as Error).message);
    }
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'Content-Type': typeof reply.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
      ...reply.headers,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status, message = `the fake was told to fail with ${status}`) {
      queue.push({ kind: 'fail', status, message });
    },
    hangNext() {
      queue.push({ kind: 'hang' });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Documents whose words include every word of the query (case-insensitive): how the fakes "search". */
export function matching<T>(documents: T[], query: string, text: (d: T) => string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return documents.filter((d) => {
    const haystack = text(d).toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
