import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FetchPolicy, FetchRefusedError, guardedFetch, MAX_REDIRECTS } from './guarded-fetch';

const allowed: FetchPolicy = { allowPrivate: true };
const strict: FetchPolicy = { allowPrivate: false };

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

/** A loopback server whose routes are `path → handler`; it counts the connections it gets. */
function startServer(
  routes: Record<string, Handler>,
): Promise<{ server: Server; base: string; connections: () => number }> {
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const handler = routes[new URL(req.url ?? '/', 'http://x').pathname];
      if (handler) handler(req, res, Buffer.concat(chunks));
      else res.writeHead(404).end('no such route');
    });
  });
  server.on('connection', () => connections++);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, base: `http://127.0.0.1:${port}`, connections: () => connections });
    }),
  );
}

async function refusal(promise: Promise<unknown>): Promise<FetchRefusedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchRefusedError);
  return error as FetchRefusedError;
}

describe('guardedFetch against a loopback server', () => {
  let base = '';
  let server: Server;
  let connections = () => 0;
  let connectionsBefore = 0;

  beforeAll(async () => {
    ({ server, base, connections } = await startServer({
      '/hello': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('hello'),
      '/echo': (req, res, body) =>
        res.writeHead(201, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            method: req.method,
            body: body.toString(),
            ttl: req.headers.ttl,
            host: req.headers.host,
            authorization: req.headers.authorization ?? null,
          }),
        ),
      '/loop': (req, res) => {
        const n = Number(new URL(req.url ?? '', base).searchParams.get('n') ?? 0);
        res.writeHead(302, { location: n > 0 ? `/loop?n=${n - 1}` : '/hello' }).end();
      },
      '/see-other': (_req, res) => res.writeHead(303, { location: '/echo' }).end(),
      '/keep-method': (_req, res) => res.writeHead(307, { location: '/echo' }).end(),
      '/to-other': (req, res) => {
        const port = new URL(req.url ?? '', base).searchParams.get('port');
        res.writeHead(307, { location: `http://other.example.test:${port}/echo` }).end();
      },
      '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
      '/big': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.alloc(64 * 1024, 1));
      },
      '/big-unannounced': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' });
        const write = (left: number) => {
          if (left === 0) return void res.end();
          res.write(Buffer.alloc(8 * 1024, 2), () => write(left - 1));
        };
        write(16);
      },
      '/slow': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first part…');
        setTimeout(() => res.end('…too late'), 2_000).unref();
      },
      '/silent': () => {},
    }));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    connectionsBefore = connections();
  });

  it('fetches a body with its status, headers and final url', async () => {
    const res = await guardedFetch(`${base}/hello`, {}, allowed);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('hello');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.url).toBe(`${base}/hello`);
  });

  it('sends the method, headers and body it is given', async () => {
    const res = await guardedFetch(
      `${base}/echo`,
      { method: 'POST', headers: { TTL: 60 }, body: Buffer.from('payload') },
      allowed,
    );
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body.toString())).toMatchObject({ method: 'POST', body: 'payload', ttl: '60' });
  });

  it(`follows up to ${MAX_REDIRECTS} redirects and refuses the next`, async () => {
    // /loop?n=k answers with k + 1 redirects in a row.
    const ok = await guardedFetch(`${base}/loop?n=${MAX_REDIRECTS - 1}`, {}, allowed);
    expect(ok.status).toBe(200);
    expect(ok.url).toBe(`${base}/hello`);
    const error = await refusal(guardedFetch(`${base}/loop?n=${MAX_REDIRECTS}`, {}, allowed));
    expect(error.reason).toBe('too_many_redirects');
  });

  it('returns a redirect as it is when told to follow none', async () => {
    const res = await guardedFetch(`${base}/loop?n=0`, { maxRedirects: 0 }, allowed);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/hello');
  });

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const post = { method: 'POST', body: 'data', headers: { 'content-type': 'text/plain' } };
    const seeOther = JSON.parse((await guardedFetch(`${base}/see-other`, post, allowed)).body.toString());
    expect(seeOther).toMatchObject({ method: 'GET', body: '' });
    const kept = JSON.parse((await guardedFetch(`${base}/keep-method`, post, allowed)).body.toString());
    expect(kept).toMatchObject({ method: 'POST', body: 'data' });
  });

  it('refuses a redirect to another scheme', async () => {
    expect((await refusal(guardedFetch(`${base}/to-file`, {}, allowed))).reason).toBe('scheme');
  });

  it('refuses a body over the byte limit, announced or not', async () => {
    expect((await refusal(guardedFetch(`${base}/big`, { maxBytes: 1024 }, allowed))).reason).toBe('too_large');
    const streamed = await refusal(guardedFetch(`${base}/big-unannounced`, { maxBytes: 20 * 1024 }, allowed));
    expect(streamed.reason).toBe('too_large');
    expect((await guardedFetch(`${base}/big`, { maxBytes: 64 * 1024 }, allowed)).body.length).toBe(64 * 1024);
  });

  it('gives up after the time limit, whether the head or the body is late', async () => {
    const started = Date.now();
    expect((await refusal(guardedFetch(`${base}/silent`, { timeoutMs: 200 }, allowed))).reason).toBe('timeout');
    expect((await refusal(guardedFetch(`${base}/slow`, { timeoutMs: 200 }, allowed))).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('checks the content type of a successful answer', async () => {
    const res = await guardedFetch(`${base}/hello`, { accept: ['text/*'] }, allowed);
    expect(res.status).toBe(200);
    const error = await refusal(guardedFetch(`${base}/hello`, { accept: ['image/png', 'application/json'] }, allowed));
    expect(error.reason).toBe('content_type');
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.test/file',
    'data:text/plain,hi',
    'javascript:alert(1)',
    'gopher://127.0.0.1:70/',
  ])('refuses the scheme of %s', async (url) => {
    expect((await refusal(guardedFetch(url, {}, allowed))).reason).toBe('scheme');
  });

  it('refuses what is not an address', async () => {
    expect((await refusal(guardedFetch('not a url', {}, allowed))).reason).toBe('bad_url');
  });

  it('refuses a loopback literal without connecting when private addresses are not allowed', async () => {
    const port = new URL(base).port;
    const urls = [
      `${base}/hello`,
      `http://[::1]:${port}/hello`,
      `http://[::ffff:127.0.0.1]:${port}/hello`,
      `http://0x7f.1:${port}/hello`,
      `http://2130706433:${port}/hello`,
      // A name: refused by the connect-time lookup, still before any connection.
      `http://localhost:${port}/hello`,
    ];
    for (const url of urls) {
      expect((await refusal(guardedFetch(url, {}, strict))).reason).toBe('private_address');
    }
    expect(connections()).toBe(connectionsBefore);
  });

  it('checks the address a name resolves to at connect time, so rebinding is refused', async () => {
    const port = new URL(base).port;
    // A name that "resolves" to loopback, as a rebinding DNS server would answer at connect time.
    const rebinding: FetchPolicy = {
      allowPrivate: false,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    };
    const error = await refusal(guardedFetch(`http://public.example.test:${port}/hello`, {}, rebinding));
    expect(error.reason).toBe('private_address');
    expect(error.message).toContain('127.0.0.1');
    expect(connections()).toBe(connectionsBefore);
    // The same resolution with private addresses allowed connects to the address it checked.
    const res = await guardedFetch(
      `http://public.example.test:${port}/echo`,
      { method: 'POST' },
      { allowPrivate: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
    );
    expect(JSON.parse(res.body.toString()).host).toBe(`public.example.test:${port}`);
  });

  it('drops credentials when a redirect leads to another origin', async () => {
    const port = new URL(base).port;
    const policy: FetchPolicy = { allowPrivate: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] };
    const headers = { authorization: 'secret' };
    const sameOrigin = await guardedFetch(`${base}/keep-method`, { method: 'POST', headers }, policy);
    expect(JSON.parse(sameOrigin.body.toString()).authorization).toBe('secret');
    const crossed = await guardedFetch(`${base}/to-other?port=${port}`, { method: 'POST', headers }, policy);
    expect(crossed.url).toBe(`http://other.example.test:${port}/echo`);
    expect(JSON.parse(crossed.body.toString()).authorization).toBeNull();
  });
});
