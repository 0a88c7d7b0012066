import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFrame, createTextItem, openApiPath, type ProjectData, v1Endpoints } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentClient, type OpenApi } from '../../test/document-client';
import { buildMember, buildProjectData } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { getOrCreateApiKey, rotateApiKey } from '../accounts/api-keys';
import { probeMedia } from '../ffmpeg/probe';
import { saveProject } from '../projects/service';
import { smallProject } from '../renders/fixtures';
import { renderStatus } from '../renders/service';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A project whose text names the optimizer's keyword. */
const coffeeProject = (): ProjectData =>
  buildProjectData({
    video: {
      frames: [
        createFrame('f1', {
          duration: 3,
          items: [createTextItem('i1', 'Coffee beans are roasted seeds of the coffee plant')],
        }),
        createFrame('f2', { duration: 3, items: [createTextItem('i2', 'Arabica coffee beans taste sweeter')] }),
      ],
    },
  } as Partial<ProjectData>);

// On PostgreSQL only: the render makes this suite one of the slower ones, and the API adds no
// database code of its own beyond one table that both kinds share through drizzle.
describe('the public API /api/v1, driven from its OpenAPI document', () => {
  let t: TestApp;
  let client: DocumentClient;
  let key: string;
  let otherKey: string;
  let ownProject: number;
  let secondProject: number;
  let othersProject: number;
  let memberId: number;

  const save = async (userId: number, data: ProjectData, name = 'API test') =>
    (await saveProject(t.app.db, { userId, input: { name, category: 'project', data_json: JSON.stringify(data) } })).id;

  beforeAll(async () => {
    t = await createTestApp('postgres', { RENDER_QUOTA_BUSINESS: '1' });
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as OpenApi;
    client = new DocumentClient(t.app, document);
    const member = (await buildMember(t.app, { plan: 'business' })).member;
    memberId = member.id;
    const other = (await buildMember(t.app, { plan: 'business' })).member;
    key = (await getOrCreateApiKey(t.app.db, { userId: member.id })).apiKey ?? '';
    otherKey = (await getOrCreateApiKey(t.app.db, { userId: other.id })).apiKey ?? '';
    ownProject = await save(member.id, smallProject(1));
    secondProject = await save(member.id, coffeeProject(), 'Coffee');
    othersProject = await save(other.id, smallProject(1));
  });
  afterAll(() => t?.close());

  it('refuses a missing, wrong or revoked key with a 401 problem; a session cookie is no key', async () => {
    for (const options of [{}, { key: 'rw_not-a-key' }, { key: `${key}x` }]) {
      const res = await client.call('listProjects', options);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        type: '/api/v1/docs#problem-unauthorized',
        title: 'Unauthorized',
        status: 401,
        instance: '/api/v1/projects',
      });
      expect(res.json().detail).toMatch(/Bearer|API key/);
    }
    const holder = await buildMember(t.app, { plan: 'business' });
    expect((await client.call('listProjects', { headers: { cookie: holder.cookie } })).statusCode).toBe(401);

    const first = (await getOrCreateApiKey(t.app.db, { userId: holder.member.id })).apiKey ?? '';
    expect((await client.call('listProjects', { key: first })).statusCode).toBe(200);
    const second = (await rotateApiKey(t.app.db, { userId: holder.member.id })).apiKey ?? '';
    expect((await client.call('listProjects', { key: first })).statusCode).toBe(401);
    expect((await client.call('listProjects', { key: second })).statusCode).toBe(200);
  });

  it("lists and gets the member's own projects; another member's ids answer 404", async () => {
    const list = (await client.call('listProjects', { key })).json() as { projects: { id: number }[] };
    expect(list.projects.map((p) => p.id).sort()).toEqual([ownProject, secondProject].sort());
    expect((await client.call('getProject', { key, params: { id: ownProject } })).json()).toMatchObject({
      id: ownProject,
      name: 'API test',
    });
    for (const name of ['getProject', 'deleteProject', 'getRender', 'getVideo', 'downloadVideo'] as const) {
      const res = await client.call(name, { key, params: { id: othersProject } });
      expect(res.statusCode, name).toBe(404);
    }
    const optimize = await client.call('optimizeProject', {
      key,
      params: { id: othersProject },
      body: { keyword: 'coffee beans' },
    });
    expect(optimize.statusCode).toBe(404);
    const render = await client.call('startRender', { key, body: { project_id: othersProject, quality: '720p' } });
    expect(render.statusCode).toBe(404);
    // Still there for its owner.
    expect((await client.call('getProject', { key: otherKey, params: { id: othersProject } })).statusCode).toBe(200);
  });

  it('answers invalid input with a 400 problem naming each field by a JSON Pointer', async () => {
    const res = await client.call('startRender', { key, body: { project_id: 'seven', quality: '4k' }, invalid: true });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const pointers = (res.json().errors as { pointer: string }[]).map((e) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['#/body/project_id', '#/body/quality']));
    const bad = await client.call('getProject', { key, params: { id: 'abc' as unknown as number } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].pointer).toBe('#/path/id');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nothing',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, title: 'Not Found', instance: '/api/v1/nothing' });
  });

  it("gives the optimizer's title, description and tags for a project and keyword", async () => {
    const res = await client.call('optimizeProject', {
      key,
      params: { id: secondProject },
      body: { keyword: 'coffee beans' },
    });
    expect(res.statusCode).toBe(200);
    const result = res.json() as { title: string; description: string; tags: string[] };
    expect(result.title.toLowerCase()).toContain('coffee beans');
    expect(result.tags.length).toBeGreaterThan(0);
  });

  it('renders a project once per idempotency key, under the quota, and serves the MP4', {
    timeout: 150_000,
  }, async () => {
    const headers = { 'idempotency-key': 'render-1' };
    const started = await client.call('startRender', {
      key,
      headers,
      body: { project_id: ownProject, quality: '720p' },
    });
    expect(started.statusCode).toBe(202);
    const job = started.json() as { id: number; status: string };
    expect(['queued', 'rendering']).toContain(job.status);

    const replay = await client.call('startRender', {
      key,
      headers,
      body: { quality: '720p', project_id: ownProject },
    });
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(started.json());
    const reused = await client.call('startRender', { key, headers, body: { project_id: secondProject } });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().type).toBe('/api/v1/docs#problem-idempotency_key_reused');

    // The business quota is 1 a day here: the first render used it.
    const over = await client.call('startRender', { key, body: { project_id: secondProject } });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ type: '/api/v1/docs#problem-quota_exceeded', status: 429 });
    expect(over.json().detail).not.toMatch(/</);

    let status = job;
    const until = Date.now() + 120_000;
    while (!['done', 'failed'].includes(status.status) && Date.now() < until) {
      await pause(250);
      status = (await client.call('getRender', { key, params: { id: job.id } })).json();
    }
    expect(status).toMatchObject({ status: 'done', progress: 1, video_id: job.id });
    const counts = status as unknown as Record<string, number>;
    expect(counts.frames_total).toBeGreaterThan(0);
    expect(counts.frames_done).toBe(counts.frames_total);
    expect(counts.segments_total).toBeGreaterThan(0);

    const videos = (await client.call('listVideos', { key })).json() as { videos: { id: number }[] };
    expect(videos.videos.map((v) => v.id)).toEqual([job.id]);
    const video = (await client.call('getVideo', { key, params: { id: job.id } })).json();
    expect(video.download_url).toBe(`http://127.0.0.1:3000/api/v1/videos/${job.id}/mp4`);

    const file = await client.call('downloadVideo', { key, params: { id: job.id } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    const mp4 = path.join(tmpdir(), `rw-api-${job.id}-${Date.now()}.mp4`);
    writeFileSync(mp4, file.rawPayload);
    const probe = await probeMedia(mp4);
    expect(probe.duration).toBeCloseTo(1, 0);
    expect(probe.streams.find((s) => s.type === 'video')).toMatchObject({ width: 1280, height: 720 });
    expect((await client.call('downloadVideo', { key: otherKey, params: { id: job.id } })).statusCode).toBe(404);
  });

  it("deletes the member's project; its rendered video stays", async () => {
    const doomed = await client.call('deleteProject', { key, params: { id: ownProject } });
    expect(doomed.json()).toEqual({ id: ownProject });
    expect((await client.call('getProject', { key, params: { id: ownProject } })).statusCode).toBe(404);
    const videos = (await client.call('listVideos', { key })).json() as { videos: { project_id: number }[] };
    expect(videos.videos.map((v) => v.project_id)).toEqual([ownProject]);
  });

  it("deletes the member's video and its files; it still counts against the day's quota", async () => {
    const [video] = (await client.call('listVideos', { key })).json().videos as { id: number }[];
    const row = await renderStatus(t.app.db, { userId: memberId, renderJobId: video!.id });
    const keys = [row.outputPath!, row.thumbnailPath!];
    for (const file of keys) expect(await t.app.files.exists(file)).toBe(true);
    expect((await client.call('deleteVideo', { key: otherKey, params: { id: video!.id } })).statusCode).toBe(404);

    const deleted = await client.call('deleteVideo', { key, params: { id: video!.id } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: video!.id });
    for (const file of keys) expect(await t.app.files.exists(file)).toBe(false);
    expect((await client.call('listVideos', { key })).json().videos).toEqual([]);
    for (const name of ['getVideo', 'downloadVideo', 'downloadVtt', 'getRender', 'deleteVideo'] as const) {
      expect((await client.call(name, { key, params: { id: video!.id } })).statusCode).toBe(404);
    }
    expect((await client.call('startRender', { key, body: { project_id: secondProject } })).statusCode).toBe(429);
  });

  it('serves the document and a self-contained reference page drawn from it', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0].url).toBe('http://127.0.0.1:3000');
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    for (const endpoint of Object.values(v1Endpoints)) expect(page.body).toContain(openApiPath(endpoint.path));
    expect(page.body).toContain('id="problem-quota_exceeded"');
    // Copyable examples of a video in one call, against this server: curl and WordPress.
    expect(page.body).toContain('curl -X POST http://127.0.0.1:3000/api/v1/videos');
    expect(page.body).toContain('wp_remote_post( &#39;http://127.0.0.1:3000/api/v1/videos&#39;');
    // Nothing is loaded from elsewhere: no scripts, no style sheets, no images.
    expect(page.body).not.toMatch(/<script|<link|<img|src=/i);
  });
});

describe('the rate limit of an API key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { API_RATE_LIMIT: '3' });
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After past the calls a minute each key may make', async () => {
    const one = (await buildMember(t.app, { plan: 'business' })).member;
    const two = (await buildMember(t.app, { plan: 'business' })).member;
    const keyOne = (await getOrCreateApiKey(t.app.db, { userId: one.id })).apiKey ?? '';
    const keyTwo = (await getOrCreateApiKey(t.app.db, { userId: two.id })).apiKey ?? '';
    const list = (key: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/videos', headers: { authorization: `Bearer ${key}` } });
    for (let i = 0; i < 3; i++) expect((await list(keyOne)).statusCode).toBe(200);
    const limited = await list(keyOne);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ type: '/api/v1/docs#problem-rate_limited', status: 429 });
    // Another key has its own allowance.
    expect((await list(keyTwo)).statusCode).toBe(200);
  });
});
