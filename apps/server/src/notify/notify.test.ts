import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type FakePushService, startPushService } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildMember, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp, testConfig } from '../../test/helpers';
import { type App, buildApp } from '../app';
import { openDatabase } from '../db/client';
import { notifyRoutes } from './routes';
import { listSubscriptionEndpoints, type NotifyContext, notifyMember, subscribe } from './service';
import { loadVapidKeys } from './vapid';

const URL_ = '/api/notify/app/webpush';
const message = {
  title: 'Your video is ready',
  body: 'Coffee beans — 0:42',
  url: 'http://127.0.0.1:3000/app.html#/r/abc',
};

/** Registers the routes unless app.ts already does (it will, at this prefix). */
async function withNotifyRoutes(app: App) {
  if (!app.hasRoute({ method: 'GET', url: URL_ })) await app.register(notifyRoutes, { prefix: '/api/notify/app' });
}

describe.each(DB_KINDS)('web push on %s', (kind) => {
  let t: TestApp;
  let push: FakePushService;
  const logged: string[] = [];
  const context = (overrides: Partial<NotifyContext> = {}): NotifyContext => ({
    db: t.app.db,
    config: t.config,
    log: (line) => logged.push(line),
    ...overrides,
  });

  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(kind, { FETCH_ALLOW_PRIVATE: '1' });
    await withNotifyRoutes(t.app);
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('serves the VAPID public key to anyone', async () => {
    const res = await requestsAs(t.app).get(URL_);
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json();
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(4);
  });

  it('stores a subscription for the member and removes it', async () => {
    const { member, cookie } = await buildMember(t.app);
    const me = requestsAs(t.app, cookie);
    const subscription = push.createSubscription();
    const res = await me.post(URL_, subscription);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // Subscribing again (same browser) keeps one row.
    expect((await me.post(URL_, subscription)).statusCode).toBe(200);
    expect(await listSubscriptionEndpoints(t.app.db, member.id)).toEqual([subscription.endpoint]);

    const other = await buildMember(t.app);
    const notMine = await requestsAs(t.app, other.cookie).send({
      method: 'DELETE',
      url: URL_,
      payload: { endpoint: subscription.endpoint },
    });
    expect(notMine.json()).toEqual({ removed: false });
    const removed = await me.send({ method: 'DELETE', url: URL_, payload: { endpoint: subscription.endpoint } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: true });
    expect(await listSubscriptionEndpoints(t.app.db, member.id)).toEqual([]);
  });

  it('refuses visitors with a 401 and stores nothing', async () => {
    const visitor = requestsAs(t.app);
    const subscription = push.createSubscription();
    expect((await visitor.post(URL_, subscription)).statusCode).toBe(401);
    expect((await visitor.post(URL_, { nonsense: true })).statusCode).toBe(401);
    const res = await visitor.send({ method: 'DELETE', url: URL_, payload: { endpoint: subscription.endpoint } });
    expect(res.statusCode).toBe(401);
  });

  const good = () => push.createSubscription();
  const badBodies: [string, () => unknown, string][] = [
    ['no body fields', () => ({}), 'endpoint'],
    ['a non-URL endpoint', () => ({ ...good(), endpoint: 'not a url' }), 'endpoint'],
    ['an ftp endpoint', () => ({ ...good(), endpoint: 'ftp://push.example.test/x' }), 'endpoint'],
    ['a javascript: endpoint', () => ({ ...good(), endpoint: 'javascript:alert(1)' }), 'endpoint'],
    ['missing keys', () => ({ endpoint: good().endpoint }), 'keys'],
    ['a short p256dh', () => ({ ...good(), keys: { ...good().keys, p256dh: 'AAAA' } }), 'keys.p256dh'],
    [
      'a compressed p256dh',
      () => ({ ...good(), keys: { ...good().keys, p256dh: Buffer.alloc(65, 2).toString('base64url') } }),
      'keys.p256dh',
    ],
    [
      'a p256dh that is not base64url',
      () => ({ ...good(), keys: { ...good().keys, p256dh: '!'.repeat(87) } }),
      'keys.p256dh',
    ],
    [
      'a 15-byte auth',
      () => ({ ...good(), keys: { ...good().keys, auth: Buffer.alloc(15).toString('base64url') } }),
      'keys.auth',
    ],
    ['a numeric auth', () => ({ ...good(), keys: { ...good().keys, auth: 42 } }), 'keys.auth'],
  ];
  it.each(badBodies)('answers %s with a 400 naming the field, storing nothing', async (_name, body, field) => {
    const { member, cookie } = await buildMember(t.app);
    const res = await requestsAs(t.app, cookie).post(URL_, body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_input', field });
    expect(await listSubscriptionEndpoints(t.app.db, member.id)).toEqual([]);
  });

  it('refuses a DELETE without an endpoint with a 400', async () => {
    const { cookie } = await buildMember(t.app);
    const res = await requestsAs(t.app, cookie).send({ method: 'DELETE', url: URL_, payload: {} });
    expect(res.statusCode).toBe(400);
  });

  it('delivers a message the push service decrypts to the exact JSON, to each browser', async () => {
    const { member, cookie } = await buildMember(t.app);
    const phone = push.createSubscription();
    const laptop = push.createSubscription();
    for (const s of [phone, laptop]) expect((await requestsAs(t.app, cookie).post(URL_, s)).statusCode).toBe(200);

    expect(await notifyMember(context(), member.id, message)).toBe(2);
    for (const s of [phone, laptop]) {
      const received = await push.waitForMessage((m) => m.subscriptionId === push.idOf(s.endpoint));
      expect(received.payload).toEqual(message);
      expect(received.subject).toBe('mailto:no-reply@reelwright.local');
      expect(received.ttl).toBeGreaterThan(0);
    }
  });

  it('sends nothing and answers 0 for a member without subscriptions', async () => {
    const { member } = await buildMember(t.app);
    expect(await notifyMember(context(), member.id, message)).toBe(0);
  });

  it('removes a subscription the push service says is gone (410)', async () => {
    const { member } = await buildMember(t.app);
    const gone = push.createSubscription();
    const alive = push.createSubscription();
    await subscribe(t.app.db, member.id, gone);
    await subscribe(t.app.db, member.id, alive);
    push.expire(push.idOf(gone.endpoint));

    expect(await notifyMember(context(), member.id, message)).toBe(1);
    expect(await listSubscriptionEndpoints(t.app.db, member.id)).toEqual([alive.endpoint]);
    expect(push.rejected).toContainEqual(
      expect.objectContaining({ subscriptionId: push.idOf(gone.endpoint), status: 410 }),
    );
  });

  it('does not send to an address the policy refuses, and does not throw', async () => {
    const { member } = await buildMember(t.app);
    const subscription = push.createSubscription(); // http://127.0.0.1:<port>/push/<id>
    await subscribe(t.app.db, member.id, subscription);
    const before = { received: push.received.length, rejected: push.rejected.length };
    const strict = context({ config: { ...t.config, fetch: { allowPrivate: false } } });

    await expect(notifyMember(strict, member.id, message)).resolves.toBe(0);
    expect({ received: push.received.length, rejected: push.rejected.length }).toEqual(before);
    expect(logged.at(-1)).toMatch(/refused \(private_address\)/);
    // Refused by our policy is not "gone": the subscription stays.
    expect(await listSubscriptionEndpoints(t.app.db, member.id)).toEqual([subscription.endpoint]);
  });

  it('logs a push service it cannot reach, keeps the subscription and does not throw', async () => {
    const { member } = await buildMember(t.app);
    const closed = await startPushService();
    const subscription = closed.createSubscription();
    await closed.close();
    await subscribe(t.app.db, member.id, subscription);

    await expect(notifyMember(context(), member.id, message)).resolves.toBe(0);
    expect(logged.at(-1)).toMatch(/failed/);
    expect(await listSubscriptionEndpoints(t.app.db, member.id)).toEqual([subscription.endpoint]);
  });
});

describe.each(DB_KINDS)('VAPID keys on %s', (kind) => {
  it('are made once and kept across two app builds on the same database', async () => {
    const created = kind === 'postgres' ? await createTestDatabase(inject('postgresUrl')) : undefined;
    const config = testConfig(created ? { DATABASE_URL: created.url } : {});
    const keyOf = async () => {
      const app = await buildApp(config, { logger: false });
      try {
        await withNotifyRoutes(app);
        return (await requestsAs(app).get(URL_)).json().publicKey as string;
      } finally {
        await app.close();
      }
    };
    try {
      const first = await keyOf();
      expect(first).toMatch(/^[\w-]{87}$/);
      expect(await keyOf()).toBe(first);
    } finally {
      await created?.drop();
    }
  });

  it('agree when several processes make them at once', async () => {
    // PostgreSQL: two connection pools, as two processes would have; PGlite allows one opener.
    const created = kind === 'postgres' ? await createTestDatabase(inject('postgresUrl')) : undefined;
    const handles = created
      ? [
          openDatabase({ databaseUrl: created.url, dataDir: 'unused' }),
          openDatabase({ databaseUrl: created.url, dataDir: 'unused' }),
        ]
      : [openDatabase({ dataDir: 'memory://' })];
    try {
      await handles[0]?.migrate();
      const keys = await Promise.all([...handles, ...handles].map((h) => loadVapidKeys(h.db)));
      expect(new Set(keys.map((k) => k.publicKey)).size).toBe(1);
      expect(new Set(keys.map((k) => k.privateKey)).size).toBe(1);
    } finally {
      for (const h of handles) await h.close();
      await created?.drop();
    }
  });
});

describe('the push service worker', () => {
  it('is served from the built web app at the site root, as JavaScript', async () => {
    // A built web app holds apps/web/public at the root of dist; make a tiny one.
    const dist = mkdtempSync(path.join(tmpdir(), 'rw-dist-'));
    writeFileSync(path.join(dist, 'app.html'), '<!doctype html><title>app</title>');
    const worker = fileURLToPath(new URL('../../../web/public/push-sw.js', import.meta.url));
    copyFileSync(worker, path.join(dist, 'push-sw.js'));
    const t = await createTestApp('pglite', { WEB_DIST: dist });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/push-sw.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.body).toContain("addEventListener('push'");
    } finally {
      await t.close();
    }
  });
});
