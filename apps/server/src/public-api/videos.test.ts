import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeWebhookReceiver, startWebhookReceiver, verifyWebhook } from '@reelwright/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentClient, type OpenApi } from '../../test/document-client';
import { buildMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { getOrCreateApiKey, rotateApiKey } from '../accounts/api-keys';
import { probeMedia } from '../ffmpeg/probe';
import { createMakerServices } from '../maker/service';
import { videoJobs } from './tables';
import { MakeVideoJob } from './video-job';

const PASTED = `How Bees Make Honey

Bees gather nectar from flowers. They fan it with their wings until it thickens.`;

const PAGE = `<!doctype html><html><head><title>Lighthouses at night</title></head><body><article>
<h1>Lighthouses at night</h1>
<p>A lighthouse warns ships away from rocks with a bright turning lamp that sailors can see from far out at sea.</p>
<p>Each light flashes in its own pattern, so a captain can tell one coast from another on the darkest night.</p>
</article></body></html>`;

/** The smallest video the options allow: two slides (the title and one line), 720 × 720. */
const TINY = { size: '720p', shape: 'square', slides: 2 } as const;

type VideoJob = {
  id: number;
  status: 'queued' | 'working' | 'done' | 'failed';
  stage: string | null;
  progress: number;
  error: string | null;
  project_id: number | null;
  render_id: number | null;
  video_id: number | null;
  links: Record<string, string | null>;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A video in one call (D74), driven from the served OpenAPI document as a client would: made
 * from pasted text and from a page on loopback, polled to the end, its MP4 checked with ffprobe,
 * its captions downloaded, a signed webhook received; keys, other members' ids and the quota
 * refused. On PostgreSQL only, as the rest of the API's suite: two renders cost CI seconds.
 */
describe('making a video in one call through /api/v1', () => {
  let t: TestApp;
  let client: DocumentClient;
  let site: http.Server;
  let siteUrl: string;
  let receiver: FakeWebhookReceiver;
  let key: string;
  let otherKey: string;
  let secret: string;
  let webhookId: number;
  let fromText: VideoJob;
  let fromPage: VideoJob;

  /** Polls the job until it is over, checking that progress never goes back. */
  async function finished(id: number): Promise<{ job: VideoJob; stages: Set<string> }> {
    const stages = new Set<string>();
    let last = 0;
    const until = Date.now() + 150_000;
    for (;;) {
      const job = (await client.call('getVideoJob', { key, params: { id } })).json() as VideoJob;
      expect(job.progress).toBeGreaterThanOrEqual(last);
      last = job.progress;
      if (job.stage) stages.add(job.stage);
      if (job.status === 'done' || job.status === 'failed') return { job, stages };
      if (Date.now() > until) throw new Error(`video job ${id} still ${job.status} at ${job.stage}`);
      await pause(200);
    }
  }

  async function download(name: 'downloadVideo' | 'downloadSrt' | 'downloadVtt', id: number) {
    const res = await client.call(name, { key, params: { id } });
    expect(res.statusCode, name).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    return res;
  }

  async function expectTinyVideo(id: number) {
    const file = await download('downloadVideo', id);
    const mp4 = path.join(tmpdir(), `rw-api-video-${id}-${Date.now()}.mp4`);
    writeFileSync(mp4, file.rawPayload);
    const probe = await probeMedia(mp4);
    expect(probe.streams.find((s) => s.type === 'video')).toMatchObject({ width: 720, height: 720 });
    expect(probe.streams.some((s) => s.type === 'audio')).toBe(true);
    expect(probe.duration).toBeGreaterThan(1);
  }

  beforeAll(async () => {
    t = await createTestApp('postgres', {
      FETCH_ALLOW_PRIVATE: '1',
      WEBHOOK_RETRY_SECONDS: '0',
      RENDER_QUOTA_BUSINESS: '2',
    });
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as OpenApi;
    client = new DocumentClient(t.app, document);
    const member = (await buildMember(t.app, { plan: 'business' })).member;
    const other = (await buildMember(t.app, { plan: 'business' })).member;
    key = (await getOrCreateApiKey(t.app.db, { userId: member.id })).apiKey ?? '';
    otherKey = (await getOrCreateApiKey(t.app.db, { userId: other.id })).apiKey ?? '';
    site = http.createServer((req, res) => {
      if (req.url === '/lighthouses') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  it('registers a webhook endpoint, its secret shown once', async () => {
    const created = await client.call('createWebhook', {
      key,
      body: { url: receiver.url, events: ['video.rendered', 'video.render_failed'] },
    });
    expect(created.statusCode).toBe(201);
    ({ id: webhookId, secret } = created.json());
    expect(secret).toMatch(/^whsec_/);
    const list = await client.call('listWebhooks', { key });
    expect(list.json().endpoints).toMatchObject([{ id: webhookId, url: receiver.url, last_delivery: null }]);
    expect(list.body).not.toContain(secret);
    const theirs = await client.call('listWebhookDeliveries', { key: otherKey, params: { id: webhookId } });
    expect(theirs.statusCode).toBe(404);
  });

  it('queues a video from pasted text and one from a page, once per idempotency key, under the quota', async () => {
    const headers = { 'idempotency-key': 'bees-video' };
    const text = { source: 'text', text: PASTED, keyword: 'bees', ...TINY };
    const started = await client.call('createVideo', { key, headers, body: text });
    expect(started.statusCode).toBe(202);
    fromText = started.json();
    expect(fromText).toMatchObject({ status: 'queued', progress: 0, project_id: null, video_id: null });
    expect(fromText.links.self).toBe(`http://127.0.0.1:3000/api/v1/videos/jobs/${fromText.id}`);

    const replay = await client.call('createVideo', { key, headers, body: text });
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(fromText.id);

    const page = await client.call('createVideo', {
      key,
      body: { source: 'url', url: `${siteUrl}/lighthouses`, ...TINY },
    });
    expect(page.statusCode).toBe(202);
    fromPage = page.json();

    // Two renders a day, both spoken for by the jobs being made: a third is refused and recorded nowhere.
    const projectsBefore = (await client.call('listProjects', { key })).json().projects.length;
    const over = await client.call('createVideo', { key, body: { source: 'keyword', keyword: 'bees', ...TINY } });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ type: '/api/v1/docs#problem-quota_exceeded', status: 429 });
    expect(over.json().detail).toMatch(/being made/);
    expect((await client.call('getVideoJob', { key, params: { id: fromPage.id + 1 } })).statusCode).toBe(404);
    expect((await client.call('listProjects', { key })).json().projects).toHaveLength(projectsBefore);
  });

  it('refuses bad input, wrong and revoked keys before any work, and hides the job from other members', async () => {
    const invalid = await client.call('createVideo', {
      key,
      body: { source: 'url', url: 'ftp://example.com/a', size: '4k' },
      invalid: true,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-type']).toContain('application/problem+json');

    const holder = (await buildMember(t.app, { plan: 'business' })).member;
    const revoked = (await getOrCreateApiKey(t.app.db, { userId: holder.id })).apiKey ?? '';
    await rotateApiKey(t.app.db, { userId: holder.id });
    const text = { source: 'text', text: PASTED, ...TINY };
    for (const wrong of [revoked, 'rw_not-a-key']) {
      const res = await client.call('createVideo', { key: wrong, body: text });
      expect(res.statusCode).toBe(401);
      expect(res.json().type).toBe('/api/v1/docs#problem-unauthorized');
    }
    expect((await client.call('getVideoJob', { key: otherKey, params: { id: fromText.id } })).statusCode).toBe(404);
  });

  it('makes the video from pasted text: polled to done, saved as a project, MP4 and captions served', {
    timeout: 200_000,
  }, async () => {
    const { job, stages } = await finished(fromText.id);
    expect(job).toMatchObject({ status: 'done', progress: 1, error: null });
    expect(stages).toContain('render');
    expect(job.video_id).toBe(job.render_id);
    expect(job.links.mp4).toBe(`http://127.0.0.1:3000/api/v1/videos/${job.video_id}/mp4`);
    fromText = job;

    // An ordinary project of the member's (the editor opens it) with an ordinary render.
    const project = await client.call('getProject', { key, params: { id: job.project_id as number } });
    expect(project.json()).toMatchObject({ name: 'How Bees Make Honey', title: 'How Bees Make Honey' });
    const render = await client.call('getRender', { key, params: { id: job.render_id as number } });
    expect(render.json()).toMatchObject({ status: 'done', project_id: job.project_id });
    const videos = (await client.call('listVideos', { key })).json().videos as { id: number }[];
    expect(videos.map((v) => v.id)).toContain(job.video_id);

    await expectTinyVideo(job.video_id as number);
    const srt = (await download('downloadSrt', job.video_id as number)).body;
    expect(srt).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> /);
    expect(srt.toLowerCase()).toContain('bees');
    const vtt = (await download('downloadVtt', job.video_id as number)).body;
    expect(vtt).toMatch(/^WEBVTT/);

    for (const name of ['downloadVideo', 'downloadSrt', 'downloadVtt'] as const) {
      const theirs = await client.call(name, { key: otherKey, params: { id: job.video_id as number } });
      expect(theirs.statusCode, name).toBe(404);
    }
  });

  it('makes the video from a page served on loopback', { timeout: 200_000 }, async () => {
    const { job } = await finished(fromPage.id);
    expect(job).toMatchObject({ status: 'done', progress: 1 });
    fromPage = job;
    const project = await client.call('getProject', { key, params: { id: job.project_id as number } });
    expect(project.json().name).toBe('Lighthouses at night');
    await expectTinyVideo(job.video_id as number);
  });

  it('fails a job whose page cannot be read at once, saying why, with nothing saved', async () => {
    const before = (await client.call('listProjects', { key: otherKey })).json().projects.length;
    const started = await client.call('createVideo', {
      key: otherKey,
      body: { source: 'url', url: `${siteUrl}/missing`, ...TINY },
    });
    expect(started.statusCode).toBe(202);
    let job = started.json() as VideoJob;
    for (let i = 0; i < 100 && job.status !== 'failed'; i++) {
      await pause(100);
      job = (await client.call('getVideoJob', { key: otherKey, params: { id: job.id } })).json();
    }
    expect(job).toMatchObject({ status: 'failed', stage: null, project_id: null, render_id: null, video_id: null });
    expect(job.error).toMatch(/\w/);
    expect((await client.call('listProjects', { key: otherKey })).json().projects).toHaveLength(before);
  });

  it('runs a job again without a second project or render: the saved project is reused', async () => {
    const [original] = await t.app.db.select().from(videoJobs).where(eq(videoJobs.id, fromText.id));
    // As if the worker died after saving the project: the row names it, the render is not recorded.
    const [retried] = await t.app.db
      .insert(videoJobs)
      .values({ userId: original!.userId, request: original!.request, projectId: original!.projectId })
      .returning();
    const services = createMakerServices(t.config, t.app.files);
    try {
      const context = { db: t.app.db, queue: t.app.queue, config: t.config, files: t.app.files, services };
      const done = await MakeVideoJob.perform(context, { videoJobId: retried!.id });
      expect(done).toMatchObject({ status: 'done', projectId: fromText.project_id, renderJobId: fromText.render_id });
      expect(await MakeVideoJob.perform(context, { videoJobId: retried!.id })).toEqual(done);
    } finally {
      await services.close();
    }
    const projects = (await client.call('listProjects', { key })).json().projects as { id: number }[];
    expect(projects.map((p) => p.id).sort()).toEqual([fromText.project_id, fromPage.project_id].sort());
  });

  it('tells the webhook of each video, signed with the secret shown once; deliveries list their status', {
    timeout: 60_000,
  }, async () => {
    const requests = await receiver.waitForRequests(2, 30_000);
    const events = requests.map((request) => {
      expect(verifyWebhook(secret, request.headers, request.body)).toMatchObject({ valid: true });
      expect(verifyWebhook(`${secret.slice(0, -2)}AA`, request.headers, request.body).valid).toBe(false);
      return JSON.parse(request.body) as { type: string; data: { project_id: number } };
    });
    expect(events.map((e) => e.type)).toEqual(['video.rendered', 'video.rendered']);
    expect(events.map((e) => e.data.project_id).sort()).toEqual([fromText.project_id, fromPage.project_id].sort());

    let deliveries: { status: string; last_status_code: number | null }[] = [];
    for (let i = 0; i < 50; i++) {
      deliveries = (await client.call('listWebhookDeliveries', { key, params: { id: webhookId } })).json().deliveries;
      if (deliveries.length === 2 && deliveries.every((d) => d.status === 'delivered')) break;
      await pause(100);
    }
    expect(deliveries).toMatchObject([
      { status: 'delivered', last_status_code: 204 },
      { status: 'delivered', last_status_code: 204 },
    ]);

    expect((await client.call('deleteWebhook', { key: otherKey, params: { id: webhookId } })).statusCode).toBe(404);
    expect((await client.call('deleteWebhook', { key, params: { id: webhookId } })).json()).toEqual({ id: webhookId });
    expect((await client.call('listWebhooks', { key })).json().endpoints).toEqual([]);
    expect((await client.call('deleteWebhook', { key, params: { id: webhookId } })).statusCode).toBe(404);
  });
});
