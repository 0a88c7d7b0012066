import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeWebhookReceiver, startWebhookReceiver, waitForMail } from '@reelwright/testkit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMember } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { claimDueDelivery } from './claim';
import { announceEvent, sendTestEvent } from './service';
import { TEST_EVENTS_PER_MINUTE } from './test-rate-limit';
import { startWebhookWorker } from './worker';

/**
 * Issue 31, finding 4: one member's silent endpoints must not stall other members' webhooks;
 * failing endpoints get a short timeout, then are disabled with an e-mail; the test route is limited.
 */

/** A loopback endpoint that reads each request and never answers; it notes how long each was held. */
async function startSilentEndpoint() {
  let open = 0;
  let mostOpen = 0;
  const held: number[] = [];
  const server = http.createServer((request) => {
    const started = Date.now();
    open++;
    mostOpen = Math.max(mostOpen, open);
    request.resume();
    request.socket.once('close', () => {
      open--;
      held.push(Date.now() - started);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    /** How long each request was held before the sender gave up, in ms, in the order they ended. */
    held,
    mostOpen: () => mostOpen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Silent = Awaited<ReturnType<typeof startSilentEndpoint>>;

function memberClient(t: TestApp, cookie: string) {
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } }),
  };
}

async function register(t: TestApp, cookie: string, url: string) {
  const res = await memberClient(t, cookie).post('/api/members/webhooks', { url, events: ['video.rendered'] });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; secret: string };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

describe.each(DB_KINDS)('webhook delivery shared fairly on %s', (kind) => {
  let t: TestApp;
  let silent: Silent;
  let receiver: FakeWebhookReceiver;
  beforeAll(async () => {
    t = await createTestApp(kind, { FETCH_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_SECONDS: '0' });
    silent = await startSilentEndpoint();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('answers an idle ask without a transaction or the claim lock', async () => {
    // The workers ask every second; with nothing due that must stay one read.
    const transaction = vi.spyOn(t.app.db, 'transaction');
    try {
      expect(await claimDueDelivery(t.app.db, 10_000)).toBeNull();
      expect(transaction).not.toHaveBeenCalled();
    } finally {
      transaction.mockRestore();
    }
  });

  it("delivers member B's event within seconds while member A's 24 test events hang", async () => {
    const a = await buildMember(t.app, { plan: 'business' });
    const b = await buildMember(t.app, { plan: 'business' });
    const aEndpoint = await register(t, a.cookie, silent.url);
    const bEndpoint = await register(t, b.cookie, receiver.url);
    const context = { db: t.app.db, config: t.config };
    // A second worker beside the app's, as another process would run: the share is counted in the database.
    const second = startWebhookWorker({ db: t.app.db, fetchPolicy: t.config.fetch, config: t.config.webhooks });
    // Past the route's limit on purpose: fairness must hold however the events were queued.
    for (let i = 0; i < 24; i++) await sendTestEvent(context, a.member.id, aEndpoint.id);
    await waitFor('a first hanging attempt', async () => (silent.mostOpen() > 0 ? true : undefined));

    const queuedAt = Date.now();
    const res = await memberClient(t, b.cookie).post(`/api/members/webhooks/${bEndpoint.id}/test`);
    expect(res.statusCode).toBe(200);
    await receiver.waitForRequests(1, 8_000);
    const waited = Date.now() - queuedAt;
    // Before: behind A's 24 events, four at a time for 10 s each (60 s). Loose, for a loaded machine.
    expect(waited).toBeLessThan(5_000);
    // A never had more than its share in flight, across both workers.
    expect(silent.mostOpen()).toBeLessThanOrEqual(2);
    await silent.close();
    await second.stop();
  });
});

describe.each(DB_KINDS)('an endpoint that keeps failing on %s', (kind) => {
  let t: TestApp;
  let receiver: FakeWebhookReceiver;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      FETCH_ALLOW_PRIVATE: '1',
      WEBHOOK_RETRY_SECONDS: '0',
      WEBHOOK_ATTEMPTS: '10',
      WEBHOOK_DISABLE_AFTER_FAILURES: '4',
      WEBHOOK_DISABLE_AFTER_HOURS: '0',
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });
  afterEach(() => receiver.close());

  it('is disabled after repeated failures, its owner e-mailed, and can be enabled again', async () => {
    const { member, cookie } = await buildMember(t.app, { plan: 'business' });
    const client = memberClient(t, cookie);
    const endpoint = await register(t, cookie, receiver.url);
    receiver.failNext(4, 500);
    const test = await client.post(`/api/members/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(200);

    const mail = await waitForMail(t.config.dataDir, member.email, { subject: /Webhook endpoint disabled/ });
    expect(mail.subject).toBe(`Webhook endpoint disabled: ${receiver.url}`);
    expect(mail.text).toContain('4 attempts in a row failed');
    expect(mail.text).toContain('The endpoint answered 500.');
    expect(mail.text).toContain('"Enable"');
    const [listed] = (await client.get('/api/members/webhooks')).json().endpoints;
    expect(listed).toMatchObject({
      disabled_at: expect.any(String),
      disabled_reason: expect.stringContaining('4 attempts in a row failed'),
      last_delivery: { status: 'failed', attempts: 4, last_error: 'Given up: the endpoint was disabled.' },
    });
    expect(receiver.requests).toHaveLength(4);

    // Nothing more is sent or queued while it is disabled.
    const refused = await client.post(`/api/members/webhooks/${endpoint.id}/test`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'This endpoint is disabled: enable it, then send a test event.',
      code: 'webhook_disabled',
    });
    const data = { project_id: 1, render_id: 'r', title: 'T', video_url: null, project_url: 'http://x/p' };
    expect(await announceEvent({ db: t.app.db, config: t.config }, member.id, { type: 'video.rendered', data })).toBe(
      0,
    );

    // Another member cannot enable it.
    const stranger = memberClient(t, (await buildMember(t.app, { plan: 'business' })).cookie);
    expect((await stranger.post(`/api/members/webhooks/${endpoint.id}/enable`)).statusCode).toBe(404);

    const enabled = await client.post(`/api/members/webhooks/${endpoint.id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ id: endpoint.id, disabled_at: null, disabled_reason: null });
    expect((await client.post(`/api/members/webhooks/${endpoint.id}/test`)).statusCode).toBe(200);
    const [answered] = (await receiver.waitForRequests(5)).slice(4);
    expect(answered?.answered).toBe(204);
  });

  it('limits test events per member with a 429 naming the limit and Retry-After', async () => {
    const { cookie } = await buildMember(t.app, { plan: 'business' });
    const client = memberClient(t, cookie);
    const first = await register(t, cookie, receiver.url);
    const second = await register(t, cookie, receiver.url);
    for (let i = 0; i < TEST_EVENTS_PER_MINUTE; i++) {
      const id = i % 2 ? first.id : second.id;
      expect((await client.post(`/api/members/webhooks/${id}/test`)).statusCode, `test ${i + 1}`).toBe(200);
    }
    // The limit is the member's, over all their endpoints.
    const over = await client.post(`/api/members/webhooks/${second.id}/test`);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toEqual({
      error: expect.stringMatching(/^You can send 10 test events a minute: try again in \d+ s\.$/),
      code: 'rate_limited',
    });
    const other = await buildMember(t.app, { plan: 'business' });
    const theirs = await register(t, other.cookie, receiver.url);
    expect((await memberClient(t, other.cookie).post(`/api/members/webhooks/${theirs.id}/test`)).statusCode).toBe(200);
  });
});

describe('the timeout of an endpoint that keeps failing', () => {
  let t: TestApp;
  let silent: Silent;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      FETCH_ALLOW_PRIVATE: '1',
      WEBHOOK_RETRY_SECONDS: '0',
      WEBHOOK_ATTEMPTS: '5',
      WEBHOOK_TIMEOUT_SECONDS: '1',
      WEBHOOK_FAILING_TIMEOUT_SECONDS: '0.2',
    });
    silent = await startSilentEndpoint();
  });
  afterAll(async () => {
    await silent.close();
    await t.close();
  });

  it('is short once three attempts in a row failed', async () => {
    const { member, cookie } = await buildMember(t.app, { plan: 'business' });
    const endpoint = await register(t, cookie, silent.url);
    await sendTestEvent({ db: t.app.db, config: t.config }, member.id, endpoint.id);
    const delivery = await waitFor('the delivery given up', async () => {
      const [last] = (await memberClient(t, cookie).get(`/api/members/webhooks/${endpoint.id}/deliveries`)).json()
        .deliveries;
      return last?.status === 'failed' ? last : undefined;
    });
    expect(delivery.last_error).toBe(`Refused (timeout): ${silent.url} did not answer within 200 ms.`);
    expect(silent.held).toHaveLength(5);
    for (const ms of silent.held.slice(0, 3)) expect(ms).toBeGreaterThanOrEqual(900);
    for (const ms of silent.held.slice(3)) expect(ms).toBeLessThan(800);
  });
});
