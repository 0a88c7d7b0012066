import { type FakeWebhookReceiver, startWebhookReceiver, verifyWebhook } from '@reelwright/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMember, buildProjectData } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { setPlan } from '../accounts/service';
import { saveProject } from '../projects/service';
import { projects } from '../projects/tables';
import { renderOutcomeNotifier } from '../publish/render-outcome';
import { smallProject } from '../renders/fixtures';
import { queueRender } from '../renders/service';
import { renderJobs } from '../renders/tables';
import { announceEvent } from './service';

/**
 * Webhooks end to end on the real queue: the app's in-process workers deliver to a receiver on
 * loopback (FETCH_ALLOW_PRIVATE), retries come at once (WEBHOOK_RETRY_SECONDS=0).
 */
describe.each(DB_KINDS)('webhooks on %s', (kind) => {
  let t: TestApp;
  let receiver: FakeWebhookReceiver;
  beforeAll(async () => {
    t = await createTestApp(kind, { FETCH_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_SECONDS: '0', WEBHOOK_ATTEMPTS: '4' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await receiver?.close();
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.close());

  const business = () => buildMember(t.app, { plan: 'business' });
  const as = (cookie: string) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } }),
    delete: (url: string) => t.app.inject({ method: 'DELETE', url, headers: { cookie } }),
  });
  async function register(cookie: string, events = ['video.rendered', 'video.render_failed']) {
    const res = await as(cookie).post('/api/members/webhooks', { url: receiver.url, events });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: number; secret: string };
  }
  async function deliveriesOf(cookie: string, id: number) {
    return (await as(cookie).get(`/api/members/webhooks/${id}/deliveries`)).json().deliveries;
  }
  /** Waits until the endpoint's newest delivery is no longer pending. */
  async function settled(cookie: string, id: number) {
    for (let i = 0; i < 200; i++) {
      const [last] = await deliveriesOf(cookie, id);
      if (last && last.status !== 'pending') return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the delivery did not settle');
  }

  it('shows the secret once, lists endpoints with their last delivery', async () => {
    const { cookie } = await business();
    const created = await register(cookie, ['video.rendered']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = (await as(cookie).get('/api/members/webhooks')).json();
    expect(list.endpoints).toEqual([
      {
        id: created.id,
        url: receiver.url,
        events: ['video.rendered'],
        created_at: expect.any(String),
        disabled_at: null,
        disabled_reason: null,
        last_delivery: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it('delivers a signed event when a render finishes, through the render outcome', async () => {
    const { member, cookie } = await business();
    const endpoint = await register(cookie);
    const [project] = await t.app.db
      .insert(projects)
      .values({ userId: member.id, name: 'Coffee beans', data: buildProjectData(), dataHash: 'h' })
      .returning();
    const [row] = await t.app.db
      .insert(renderJobs)
      .values({
        userId: member.id,
        projectId: project!.id,
        dataHash: 'h',
        publicId: 'r-webhook-1',
        status: 'done',
        duration: 12.5,
      })
      .returning();
    const notify = renderOutcomeNotifier({
      db: t.app.db,
      mailer: t.app.mailer,
      publicUrl: t.config.publicUrl,
      supportEmail: t.config.supportEmail,
      announce: (userId, event) => announceEvent({ db: t.app.db, config: t.config }, userId, event),
    });
    await notify(row!);

    const [request] = await receiver.waitForRequests(1);
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    const verified = verifyWebhook(endpoint.secret, request!.headers, request!.body);
    expect(verified).toEqual({
      valid: true,
      payload: {
        id: request!.headers['webhook-id'],
        type: 'video.rendered',
        created_at: expect.any(String),
        data: {
          project_id: project!.id,
          render_id: 'r-webhook-1',
          title: 'Coffee beans',
          video_url: `${t.config.publicUrl}/videos/r-webhook-1.mp4`,
          project_url: `${t.config.publicUrl}/app.html?pid=${project!.id}#/wizard`,
          duration: 12.5,
        },
      },
    });
    const other = (await register(cookie)).secret;
    expect(verifyWebhook(other, request!.headers, request!.body)).toEqual({
      valid: false,
      reason: 'no signature matches',
    });
    const tampered = request!.body.replace('Coffee', 'Tea');
    expect(verifyWebhook(endpoint.secret, request!.headers, tampered).valid).toBe(false);
    const delivery = await settled(cookie, endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 204, last_error: null });
  });

  it('sends only the events an endpoint subscribed to', async () => {
    const { member, cookie } = await business();
    const onlyFailures = await register(cookie, ['video.render_failed']);
    const context = { db: t.app.db, config: t.config };
    const data = { project_id: 1, render_id: 'r', title: 'T', video_url: null, project_url: 'http://x/p' };
    expect(await announceEvent(context, member.id, { type: 'video.rendered', data })).toBe(0);
    expect(
      await announceEvent(context, member.id, { type: 'video.render_failed', data: { ...data, error: 'No' } }),
    ).toBe(1);
    const [request] = await receiver.waitForRequests(1);
    expect(JSON.parse(request!.body).type).toBe('video.render_failed');
    expect((await settled(cookie, onlyFailures.id)).status).toBe('delivered');
    // Off the Business plan, events are no longer sent (the endpoints stay for a return).
    await setPlan(t.app.db, { email: member.email, plan: 'paid' });
    expect(await announceEvent(context, member.id, { type: 'video.render_failed', data })).toBe(0);
  });

  it('retries a failing receiver through the queue: two failures, then delivered on the third attempt', async () => {
    const { cookie } = await business();
    const endpoint = await register(cookie);
    receiver.failNext(2, 503);
    const test = await as(cookie).post(`/api/members/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });
    const requests = await receiver.waitForRequests(3);
    expect(requests.map((r) => r.answered)).toEqual([503, 503, 204]);
    // One message, signed afresh on each attempt.
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([test.json().id]));
    for (const r of requests) expect(verifyWebhook(endpoint.secret, r.headers, r.body).valid).toBe(true);
    const delivery = await settled(cookie, endpoint.id);
    expect(delivery).toMatchObject({
      id: test.json().id,
      status: 'delivered',
      attempts: 3,
      last_status_code: 204,
      last_error: null,
      next_attempt_at: null,
      delivered_at: expect.any(String),
    });
    const listed = (await as(cookie).get('/api/members/webhooks')).json().endpoints;
    expect(listed[0].last_delivery).toEqual(delivery);
  });

  it('gives a delivery up when the attempts are spent, with the last status recorded', async () => {
    const { cookie } = await business();
    const endpoint = await register(cookie);
    receiver.failNext(10, 500);
    await as(cookie).post(`/api/members/webhooks/${endpoint.id}/test`);
    const delivery = await settled(cookie, endpoint.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 4,
      last_status_code: 500,
      last_error: 'The endpoint answered 500.',
      delivered_at: null,
      next_attempt_at: null,
    });
    expect(receiver.requests).toHaveLength(4);
  });

  it("answers 404 for another member's endpoint, and deletes only one's own", async () => {
    const owner = await business();
    const endpoint = await register(owner.cookie);
    const stranger = as((await business()).cookie);
    for (const res of [
      await stranger.get(`/api/members/webhooks/${endpoint.id}/deliveries`),
      await stranger.post(`/api/members/webhooks/${endpoint.id}/test`),
      await stranger.delete(`/api/members/webhooks/${endpoint.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'There is no such webhook endpoint.', code: 'not_found' });
    }
    expect((await stranger.get('/api/members/webhooks')).json()).toEqual({ endpoints: [] });
    const removed = await as(owner.cookie).delete(`/api/members/webhooks/${endpoint.id}`);
    expect(removed.json()).toEqual({ removed: true });
    expect((await as(owner.cookie).get('/api/members/webhooks')).json()).toEqual({ endpoints: [] });
    expect((await as(owner.cookie).delete(`/api/members/webhooks/${endpoint.id}`)).statusCode).toBe(404);
  });

  it('refuses visitors (401) and members whose plan has no API (403)', async () => {
    expect((await t.app.inject({ url: '/api/members/webhooks' })).statusCode).toBe(401);
    const visitorCreate = await t.app.inject({
      method: 'POST',
      url: '/api/members/webhooks',
      payload: { url: receiver.url, events: ['video.rendered'] },
    });
    expect(visitorCreate.statusCode).toBe(401);
    for (const plan of ['free', 'paid'] as const) {
      const { cookie } = await buildMember(t.app, { plan });
      const res = await as(cookie).post('/api/members/webhooks', { url: receiver.url, events: ['video.rendered'] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: `API keys come with the Business plan. You are on the ${plan} plan.`,
        code: 'plan_required',
      });
    }
  });

  it('refuses bad input with a 400 and keeps at most ten endpoints', async () => {
    const { cookie } = await business();
    const member = as(cookie);
    for (const payload of [
      { url: 'ftp://example.com/hook', events: ['video.rendered'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['video.deleted'] },
    ]) {
      expect((await member.post('/api/members/webhooks', payload)).statusCode).toBe(400);
    }
    for (let i = 0; i < 10; i++) await register(cookie);
    const eleventh = await member.post('/api/members/webhooks', { url: receiver.url, events: ['video.rendered'] });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().code).toBe('too_many_webhooks');
    expect((await member.get('/api/members/webhooks')).json().endpoints).toHaveLength(10);
  });
});

describe('webhook URLs where private addresses are not allowed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('refuses plain http and loopback addresses before storing anything', async () => {
    const { cookie } = await buildMember(t.app, { plan: 'business' });
    const post = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/members/webhooks',
        payload: { url, events: ['video.rendered'] },
        headers: { cookie },
      });
    const http = await post('http://93.184.216.34/hook');
    expect(http.statusCode).toBe(400);
    expect(http.json().error).toBe('url must be an https address, such as https://example.com/hooks/reelwright.');
    const loopback = await post('https://127.0.0.1/hook');
    expect(loopback.statusCode).toBe(400);
    expect(loopback.json()).toMatchObject({ code: 'private_address', field: 'url' });
    const list = await t.app.inject({ url: '/api/members/webhooks', headers: { cookie } });
    expect(list.json()).toEqual({ endpoints: [] });
  });
});

/** One real render through the app's own workers (workers.ts wires the render outcome to webhooks). */
describe('a webhook after a real render', () => {
  let t: TestApp;
  let receiver: FakeWebhookReceiver;
  beforeAll(async () => {
    t = await createTestApp('postgres', { FETCH_ALLOW_PRIVATE: '1' });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('is signed and names the finished render', { timeout: 150_000 }, async () => {
    const { member, cookie } = await buildMember(t.app, { plan: 'business' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/members/webhooks',
      payload: { url: receiver.url, events: ['video.rendered'] },
      headers: { cookie },
    });
    const { secret } = created.json();
    const project = await saveProject(t.app.db, {
      userId: member.id,
      input: { name: 'Hooked', category: 'project', data_json: JSON.stringify(smallProject(1)) },
    });
    const queued = await queueRender(t.app.db, t.app.queue, {
      userId: member.id,
      projectId: project.id,
      settings: { timeoutSeconds: 300, fps: 10 },
    });
    const [request] = await receiver.waitForRequests(1, 120_000);
    const verified = verifyWebhook(secret, request!.headers, request!.body);
    expect(verified).toMatchObject({
      valid: true,
      payload: {
        type: 'video.rendered',
        data: {
          project_id: project.id,
          render_id: queued.publicId,
          video_url: `${t.config.publicUrl}/videos/${queued.publicId}.mp4`,
        },
      },
    });
  });
});
