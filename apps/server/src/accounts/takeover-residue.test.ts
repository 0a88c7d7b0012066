import {
  type FakeIdentityProvider,
  type FakePushService,
  type FakeVideoSite,
  type FakeWebhookReceiver,
  startFakeVideoSite,
  startIdentityProvider,
  startPushService,
  startWebhookReceiver,
} from '@reelwright/testkit';
import { eq, getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProjectData } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';
import { notifyMember } from '../notify/service';
import { saveProject } from '../projects/service';
import { OWNED_BY_ACCOUNT } from './owned-by-account';
import { setPlan } from './service';

const CLIENT_ID = 'reelwright-test.apps.googleusercontent.com';

/**
 * Pre-account takeover (issue 31 finding 2): someone opens an account with the owner's address
 * and, before the owner proves it (with Google, or with a reset code mailed to the address),
 * attaches every way out they can. None may survive.
 */
describe.each(DB_KINDS)('what a pre-account takeover leaves behind on %s', (kind) => {
  let idp: FakeIdentityProvider;
  let push: FakePushService;
  let youtube: FakeVideoSite;
  let receiver: FakeWebhookReceiver;
  let t: TestApp;
  beforeAll(async () => {
    [idp, push, youtube, receiver] = await Promise.all([
      startIdentityProvider(),
      startPushService(),
      startFakeVideoSite({ channelTitle: "The attacker's channel" }),
      startWebhookReceiver(),
    ]);
    t = await createTestApp(kind, {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: idp.jwksUrl,
      FETCH_ALLOW_PRIVATE: '1',
      ...youtube.env,
      VIDEO_SITE_TOKEN_KEY: 'test-token-key-that-is-long-enough-0123456789',
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([idp?.close(), push?.close(), youtube?.close(), receiver?.close()]);
  });

  /** Connects a YouTube channel as the browser would: consent at the fake, then its callback. */
  async function connectChannel(browser: MemberClient) {
    const started = await browser.request({
      method: 'POST',
      url: '/api/members/video-site/connect',
      payload: { returnTo: '/app.html#/builder' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const consent = await fetch(started.json().url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const callback = await browser.request({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(callback.headers.location).toBe('/app.html?video_site=connected#/builder');
  }

  /**
   * What an attacker attaches to an account opened with the victim's address and never verified:
   * a business plan's API key, a push subscription, a channel, a webhook, a project, settings.
   */
  async function plantEverything(victim: string): Promise<{ id: number; attacker: MemberClient; endpoint: string }> {
    const attacker = new MemberClient(t);
    const opened = await attacker.access('signup', { email: victim, password: 'attacker-pw', name: 'Attacker' });
    expect(opened.json()).toMatchObject({ verified: false, name: 'Attacker' });
    const { id } = opened.json() as { id: number };
    await setPlan(t.app.db, { email: victim, plan: 'business' });
    await attacker.request({ method: 'POST', url: '/api/members/zapier/rotate' });

    const subscription = push.createSubscription();
    const subscribed = await attacker.request({
      method: 'POST',
      url: '/api/notify/app/webpush',
      payload: subscription,
    });
    expect(subscribed.statusCode).toBe(200);
    await connectChannel(attacker);
    const hook = await attacker.request({
      method: 'POST',
      url: '/api/members/webhooks',
      payload: { url: receiver.url, events: ['video.rendered'] },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    await saveProject(t.app.db, {
      userId: id,
      input: { name: 'Planted', title: 'Planted', category: 'project', data_json: JSON.stringify(buildProjectData()) },
    });
    const settings = (await attacker.request({ method: 'GET', url: '/api/members/settings' })).json();
    const saved = await attacker.request({ method: 'POST', url: '/api/members/settings', payload: settings });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await rowsOwnedBy(id);
    const attached = [
      'push_subscriptions',
      'video_site_connections',
      'webhook_endpoints',
      'projects',
      'member_settings',
    ];
    for (const table of [...attached, 'api_keys', 'sessions', 'one_time_codes']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    return { id, attacker, endpoint: subscription.endpoint };
  }

  /** Nothing planted survives the proof: no row, no push, no channel, no webhook, no session. */
  async function expectNothingLeft(
    planted: { id: number; attacker: MemberClient; endpoint: string },
    owner: MemberClient,
  ) {
    const after = await rowsOwnedBy(planted.id);
    for (const [table, count] of Object.entries(after)) {
      if (table !== 'sessions') expect(count, table).toBe(0);
    }
    expect(after.sessions).toBe(1); // the owner's own, just started

    // The owner's video is ready: nobody else hears of it.
    const sent = await notifyMember({ db: t.app.db, config: t.config, log: () => {} }, planted.id, {
      title: 'Your video is ready',
      body: 'Beans — 0:42',
      url: 'http://127.0.0.1:3000/app.html#/r/abc',
    });
    expect(sent).toBe(0);
    expect(push.received.filter((m) => m.subscriptionId === push.idOf(planted.endpoint))).toEqual([]);
    // The publish step shows no channel, the webhooks list and the projects are empty.
    const status = await owner.request({ method: 'GET', url: '/api/members/video-site' });
    expect(status.json()).toMatchObject({ connected: false, channel: null });
    expect((await owner.request({ method: 'GET', url: '/api/members/webhooks' })).json().endpoints).toEqual([]);
    expect((await planted.attacker.access('info')).json().id).toBe(0);
  }

  it("drops the attacker's push subscription, channel, webhook, project and the rest when Google proves the address", async () => {
    const victim = 'residue@example.com';
    const planted = await plantEverything(victim);

    const owner = new MemberClient(t);
    const proven = await owner.access('google-auth', {
      credential: await idp.signIdToken({
        sub: 'google-residue',
        email: victim,
        name: 'Rightful Owner',
        aud: CLIENT_ID,
      }),
    });
    expect(proven.json()).toMatchObject({ id: planted.id, verified: true, has_password: false });
    await expectNothingLeft(planted, owner);
    // Even the name the attacker typed goes: the account is the owner's, named as Google names them.
    expect(proven.json().name).toBe('Rightful Owner');
  });

  it('drops the same when a reset code mailed to the owner proves the address', async () => {
    const victim = 'residue-reset@example.com';
    const planted = await plantEverything(victim);

    const owner = new MemberClient(t);
    await owner.access('forgot/send', { email: victim });
    const proven = await owner.access('forgot/check', {
      email: victim,
      code: await owner.codeFor(victim),
      new_password: 'owners-own',
    });
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json()).toMatchObject({ id: planted.id, verified: true, has_password: true, name: '' });
    await expectNothingLeft(planted, owner);
    expect((await new MemberClient(t).access('login', { email: victim, password: 'attacker-pw' })).statusCode).toBe(
      401,
    );
  });

  it("keeps a verified member's work when they reset their password", async () => {
    const email = 'verified-reset@example.com';
    const member = new MemberClient(t);
    const { id } = await member.signupVerified(email);
    await saveProject(t.app.db, {
      userId: id,
      input: { name: 'Mine', title: 'Mine', category: 'project', data_json: JSON.stringify(buildProjectData()) },
    });
    await member.access('forgot/send', { email });
    const reset = await member.access('forgot/check', {
      email,
      code: await member.codeFor(email),
      new_password: 'newer-pw',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await rowsOwnedBy(id)).projects).toBe(1);
  });

  /** Rows of each owned table (by its registered member column) that belong to the account. */
  async function rowsOwnedBy(id: number): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const owned of OWNED_BY_ACCOUNT) {
      const rows = await t.app.db.select().from(owned.table).where(eq(owned.userId, id));
      counts[getTableName(owned.table)] = rows.length;
    }
    return counts;
  }
});
