import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindOfStatus, ProviderError } from './provider-error';
import { readJson, vendorFetch, vendorGetJson } from './vendor-fetch';

/** The one vendor fetch against a loopback server that answers `/<status>` with that status. */
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/hang') return;
    if (request.url === '/text') return response.writeHead(200).end('not json');
    const status = Number(request.url?.slice(1)) || 200;
    const headers = status === 429 ? { 'retry-after': '30' } : {};
    response.writeHead(status, headers).end(JSON.stringify({ error: { message: `said ${status}` } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const call = {
  provider: 'Vendor',
  timeoutMs: 300,
  readError: (body: string) => ({ message: (JSON.parse(body) as { error: { message: string } }).error.message }),
};

const failure = (path: string) =>
  vendorGetJson(`${base}${path}`, call).then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ProviderError);
      return error as ProviderError;
    },
  );

describe('vendorFetch', () => {
  it('answers a 2xx with its body unread', async () => {
    expect(await readJson(await vendorFetch(`${base}/200`, {}, call))).toEqual({ error: { message: 'said 200' } });
  });

  it.each([
    [401, 'auth', 502, /Vendor refused our API key \(401\): said 401\. Check the key/],
    [402, 'quota', 503, /Vendor answered 402: said 402/],
    [403, 'auth', 502, /refused our API key \(403\)/],
    [404, 'bad_request', 502, /Vendor answered 404: said 404/],
    [408, 'unavailable', 502, /answered 408/],
    [429, 'rate_limited', 429, /Vendor is rate limiting us \(429\): said 429\. Please try again in a minute\./],
    [500, 'unavailable', 502, /answered 500/],
    [503, 'unavailable', 502, /answered 503/],
  ] as const)('reads a %i as %s (answered %i when no domain says otherwise)', async (status, kind, edge, message) => {
    expect(kindOfStatus(status)).toBe(kind);
    const error = await failure(`/${status}`);
    expect(error).toMatchObject({ provider: 'Vendor', kind, statusCode: edge });
    expect(error.message).toMatch(message);
    if (status === 429) expect(error.retryAfterSeconds).toBe(30);
  });

  it('calls auth and bad_request permanent, the rest worth retrying', async () => {
    expect((await failure('/401')).permanent).toBe(true);
    expect((await failure('/400')).permanent).toBe(true);
    expect((await failure('/429')).permanent).toBe(false);
    expect((await failure('/503')).permanent).toBe(false);
  });

  it('gives up after its time limit, and tells an unreachable vendor apart', async () => {
    const late = await failure('/hang');
    expect(late).toMatchObject({ kind: 'timeout', statusCode: 504, message: 'Vendor did not answer within 0.3 s.' });
    const gone = await vendorGetJson('http://127.0.0.1:9/', call).catch((error: unknown) => error);
    expect(gone).toMatchObject({ kind: 'unavailable' });
    expect((gone as Error).message).toMatch(/^Vendor could not be reached: /);
  });

  it('calls a 2xx that is not JSON a bad_answer', async () => {
    expect(await failure('/text')).toMatchObject({
      kind: 'bad_answer',
      message: 'Vendor sent an answer that is not JSON.',
    });
  });
});
