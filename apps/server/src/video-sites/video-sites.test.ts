import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeVideoSite, startFakeVideoSite } from '@reelwright/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildProjectData, requestsAs } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { saveProject } from '../projects/service';
import { renderJobs } from '../renders/tables';
import { findConnection } from './connections';
import { videoSitesOf } from './context';
import { UPLOAD_MESSAGES, UploadVideoJob } from './job';
import { connectUrl, VIDEO_SITE_MESSAGES, videoSiteStatus } from './service';
import { videoSiteConnections, videoUploads } from './tables';

/** A rendered MP4 of 700 KiB: a chunk of 512 KiB and the rest (not a multiple, like a real file). */
const VIDEO_BYTES = 700 * 1024;
const CHUNK_BYTES = 512 * 1024;

describe('publishing to YouTube against the fake, on PostgreSQL (issue 21 part 4)', () => {
  let fake: FakeVideoSite;
  let t: TestApp;
  let video: Buffer;

  beforeAll(async () => {
    fake = await startFakeVideoSite({ channelTitle: 'Coffee Corner' });
    t = await createTestApp('postgres', {
      ...fake.env,
      VIDEO_SITE_TOKEN_KEY: 'test-token-key-that-is-long-enough-0123456789',
      YOUTUBE_UPLOAD_CHUNK_BYTES: String(CHUNK_BYTES),
    });
    video = randomBytes(VIDEO_BYTES);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A member with a project whose render finished (its MP4 stored as the render would). */
  async function memberWithRender() {
    const { member, cookie } = await buildMember(t.app);
    const { id: pid } = await saveProject(t.app.db, {
      userId: member.id,
      input: {
        name: 'Beans',
        title: 'How coffee beans are roasted',
        category: 'project',
        data_json: JSON.stringify(buildProjectData()),
      },
    });
    const key = `renders/yt-${pid}.mp4`;
    const local = path.join(tmpdir(), `rw-yt-${pid}.mp4`);
    await writeFile(local, video);
    await t.app.files.put(key, local, 'video/mp4');
    await t.app.db.insert(renderJobs).values({
      userId: member.id,
      projectId: pid,
      dataHash: 'h',
      publicId: `yt${pid}${randomBytes(4).toString('hex')}`,
      status: 'done',
      progress: 1,
      outputPath: key,
      duration: 5,
      bytes: VIDEO_BYTES,
      finishedAt: new Date(),
    });
    return { member, cookie, pid, api: requestsAs(t.app, cookie) };
  }

  /** Starts connecting, follows the fake's consent redirect and answers its callback as the browser would. */
  async function connect(cookie: string, returnTo = '/app.html?pid=1#/builder') {
    const started = await requestsAs(t.app, cookie).post('/api/members/video-site/connect', { returnTo });
    expect(started.statusCode, started.body).toBe(200);
    const consent = await fetch(started.json().url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location') ?? '');
    return { authorizationUrl: new URL(started.json().url), back, callback: await callback(cookie, back) };
  }
  const callback = (cookie: string | undefined, back: URL) =>
    requestsAs(t.app, cookie).get(`${back.pathname}${back.search}`);

  async function upload(api: ReturnType<typeof requestsAs>, pid: number, changes: object = {}) {
    const res = await api.post('/api/members/video-site/uploads', {
      pid,
      title: 'Coffee roasting in five minutes',
      description: 'How beans become coffee.\n0:00 Green beans',
      tags: 'coffee,roasting,beans',
      privacy: 'unlisted',
      ...changes,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; status: string };
  }

  async function settled(api: ReturnType<typeof requestsAs>, id: number) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const res = await api.get(`/api/members/video-site/uploads?id=${id}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      if (body.status === 'done' || body.status === 'failed') return body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the upload never settled');
  }

  it('connects a channel: offline consent for the upload scope, state and PKCE, tokens stored sealed', async () => {
    const { member, cookie, pid, api } = await memberWithRender();
    expect((await api.get(`/api/members/video-site?pid=${pid}`)).json()).toMatchObject({
      available: true,
      connected: false,
      channel: null,
      render: { duration: 5, bytes: VIDEO_BYTES },
    });

    const { authorizationUrl, callback: answer } = await connect(cookie, '/app.html?pid=7#/builder');
    const query = authorizationUrl.searchParams;
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(fake.env.YOUTUBE_AUTH_URL);
    expect(query.get('access_type')).toBe('offline');
    expect(query.get('prompt')).toBe('consent');
    expect(query.get('scope')?.split(' ')).toEqual([
      'https://www.googleapis.com/auth/youtube.upload',
      'https://www.googleapis.com/auth/youtube.readonly',
    ]);
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('redirect_uri')).toBe('http://127.0.0.1:3000/api/members/video-site/callback');
    expect(answer.statusCode, answer.body).toBe(302);
    expect(answer.headers.location).toBe('/app.html?pid=7&video_site=connected#/builder');

    const status = (await api.get(`/api/members/video-site?pid=${pid}`)).json();
    expect(status).toMatchObject({ connected: true, channel: { id: fake.channel.id, title: 'Coffee Corner' } });
    // The suggestions are the optimizer's, for the wizard's keyword.
    expect(status.suggested.title.toLowerCase()).toContain('coffee');
    expect(status.suggested.tags.split(',')[0]).toBe('coffee');

    const row = await findConnection(t.app.db, member.id);
    expect(row?.refreshToken.startsWith('v1.')).toBe(true);
    expect(row?.refreshToken).not.toContain('1//');
    const sites = videoSitesOf(t.config);
    expect(sites?.cipher.decrypt(row?.refreshToken ?? '', member.id)).toMatch(/^1\/\/0g/);
    expect(sites?.cipher.decrypt(row?.accessToken ?? '', member.id)).toMatch(/^ya29\./);
  });

  it("refuses a callback whose state is another session's, forged or missing; nothing is stored", async () => {
    const victim = await buildMember(t.app);
    const attacker = await buildMember(t.app);
    // The attacker starts a connect and hands the callback link to the victim.
    const started = await requestsAs(t.app, attacker.cookie).post('/api/members/video-site/connect', {});
    const consent = await fetch(started.json().url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const asVictim = await callback(victim.cookie, back);
    expect(asVictim.statusCode).toBe(400);
    expect(asVictim.json()).toMatchObject({ code: 'bad_state', error: VIDEO_SITE_MESSAGES.badState });
    expect(await findConnection(t.app.db, victim.member.id)).toBeUndefined();

    const forged = new URL(back);
    forged.searchParams.set('state', `${back.searchParams.get('state')?.split('.')[0]}.${'A'.repeat(43)}`);
    expect((await callback(attacker.cookie, forged)).statusCode).toBe(400);
    expect((await callback(undefined, back)).statusCode).toBe(400);
    expect(await findConnection(t.app.db, attacker.member.id)).toBeUndefined();
  });

  it('refuses a returnTo that normalises to another site, before going to Google', async () => {
    const { cookie } = await buildMember(t.app);
    for (const returnTo of ['/.//evil.example/x', '/..//evil.example', '/%2e//evil.example', '/\\evil.example']) {
      const res = await requestsAs(t.app, cookie).post('/api/members/video-site/connect', { returnTo });
      expect(res.statusCode, returnTo).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', field: 'returnTo' });
    }
  });

  it('comes back with denied when the member says no at Google', async () => {
    const { cookie, member } = await buildMember(t.app);
    fake.denyConsent(true);
    try {
      const { callback: answer } = await connect(cookie, '/app.html');
      expect(answer.headers.location).toBe('/app.html?video_site=denied');
    } finally {
      fake.denyConsent(false);
    }
    expect(await findConnection(t.app.db, member.id)).toBeUndefined();
  });

  it('uploads the render in chunks: progress, the link, and the same bytes at YouTube', async () => {
    const { cookie, pid, api } = await memberWithRender();
    await connect(cookie);
    const ranges = fake.contentRanges.length;
    const queued = await upload(api, pid);
    expect(queued.status).toBe('queued');
    const done = await settled(api, queued.id);
    expect(done).toMatchObject({ status: 'done', bytesSent: VIDEO_BYTES, bytesTotal: VIDEO_BYTES, error: null });
    const uploaded = fake.videos.at(-1);
    expect(done.videoUrl).toBe(`https://www.youtube.com/watch?v=${uploaded?.id}`);
    expect(uploaded?.bytes.equals(video)).toBe(true);
    expect(uploaded?.contentType).toBe('video/mp4');
    expect(uploaded?.snippet).toMatchObject({
      title: 'Coffee roasting in five minutes',
      tags: ['coffee', 'roasting', 'beans'],
      channelId: fake.channel.id,
    });
    expect(uploaded?.status.privacyStatus).toBe('unlisted');
    expect(fake.contentRanges.slice(ranges)).toEqual([
      `bytes 0-${CHUNK_BYTES - 1}/${VIDEO_BYTES}`,
      `bytes ${CHUNK_BYTES}-${VIDEO_BYTES - 1}/${VIDEO_BYTES}`,
    ]);
  });

  it('resumes after a chunk is cut off, from the bytes YouTube says it holds', async () => {
    const { cookie, pid, api } = await memberWithRender();
    await connect(cookie);
    const before = fake.videos.length;
    const ranges = fake.contentRanges.length;
    fake.interruptNextChunk();
    const done = await settled(api, (await upload(api, pid)).id);
    expect(done.status, done.error).toBe('done');
    // The first chunk was cut after 256 KiB: asked how far it got, the job went on from there.
    expect(fake.contentRanges.slice(ranges)).toEqual([
      `bytes 0-${CHUNK_BYTES - 1}/${VIDEO_BYTES}`,
      `bytes */${VIDEO_BYTES}`,
      `bytes ${256 * 1024}-${VIDEO_BYTES - 1}/${VIDEO_BYTES}`,
    ]);
    expect(fake.videos.length).toBe(before + 1);
    expect(fake.videos.at(-1)?.bytes.equals(video)).toBe(true);
  });

  it('refreshes an access token that expired, or that YouTube refuses, and carries on', async () => {
    const { cookie, member, pid, api } = await memberWithRender();
    await connect(cookie);
    // Expired by the clock: refreshed before the upload starts.
    await t.app.db
      .update(videoSiteConnections)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(videoSiteConnections.userId, member.id));
    let refreshes = fake.grants.refresh_token;
    expect((await settled(api, (await upload(api, pid)).id)).status).toBe('done');
    expect(fake.grants.refresh_token).toBe(refreshes + 1);
    // Refused by YouTube though the clock says it lasts: refreshed once, then retried.
    fake.expireAccessTokens();
    refreshes = fake.grants.refresh_token;
    expect((await settled(api, (await upload(api, pid)).id)).status).toBe('done');
    expect(fake.grants.refresh_token).toBe(refreshes + 1);
    expect(fake.videos.at(-1)?.bytes.equals(video)).toBe(true);
  });

  it('opens a new session when a retried upload finds its old one expired', async () => {
    const { cookie, member, pid } = await memberWithRender();
    await connect(cookie);
    const [render] = await t.app.db.select().from(renderJobs).where(eq(renderJobs.projectId, pid));
    // What a first attempt leaves behind a week later: a session YouTube no longer knows.
    const [row] = await t.app.db
      .insert(videoUploads)
      .values({
        userId: member.id,
        projectId: pid,
        renderJobId: render?.id ?? 0,
        fileKey: render?.outputPath ?? '',
        title: 'Retried upload',
        description: '',
        privacy: 'private',
        sessionUrl: `${fake.url}/upload/youtube/v3/videos?uploadType=resumable&upload_id=expired`,
      })
      .returning();
    const done = await UploadVideoJob.perform(
      { db: t.app.db, files: t.app.files, dataDir: t.config.dataDir, sites: videoSitesOf(t.config) },
      { uploadId: row?.id ?? 0 },
    );
    expect(done).toMatchObject({ status: 'done', bytesSent: VIDEO_BYTES });
    expect(done?.sessionUrl).not.toContain('upload_id=expired');
    expect(fake.videos.at(-1)?.snippet.title).toBe('Retried upload');
    expect(fake.videos.at(-1)?.bytes.equals(video)).toBe(true);
  });

  it("fails with the quota message when YouTube's daily quota is spent", async () => {
    const { cookie, pid, api } = await memberWithRender();
    await connect(cookie);
    fake.failNextUploadWithQuota();
    const failed = await settled(api, (await upload(api, pid)).id);
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'quota', error: UPLOAD_MESSAGES.quota });
    expect((await api.get('/api/members/video-site')).json().connected).toBe(true);
  });

  it('asks to reconnect when the member removed access at Google; the dead tokens are dropped', async () => {
    const { cookie, member, pid, api } = await memberWithRender();
    await connect(cookie);
    fake.revokeAllAccess();
    const failed = await settled(api, (await upload(api, pid)).id);
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'revoked', error: UPLOAD_MESSAGES.revoked });
    expect(await findConnection(t.app.db, member.id)).toBeUndefined();
    expect((await api.get('/api/members/video-site')).json()).toMatchObject({ connected: false, channel: null });
  });

  it('disconnect revokes the grant at Google and deletes the tokens', async () => {
    const { cookie, member, api } = await memberWithRender();
    await connect(cookie);
    const sealed = (await findConnection(t.app.db, member.id))?.refreshToken ?? '';
    const refreshToken = videoSitesOf(t.config)?.cipher.decrypt(sealed, member.id);
    const res = await api.post('/api/members/video-site/disconnect', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ connected: false });
    expect(fake.revokedTokens).toContain(refreshToken);
    const rows = await t.app.db.select().from(videoSiteConnections).where(eq(videoSiteConnections.userId, member.id));
    expect(rows).toEqual([]);
  });

  it('refuses bad input, a project without a render and a member without a channel, recording nothing', async () => {
    const { cookie, pid, api, member } = await memberWithRender();
    const notConnected = await api.post('/api/members/video-site/uploads', { pid, title: 'A', privacy: 'public' });
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json()).toMatchObject({ code: 'not_connected', error: VIDEO_SITE_MESSAGES.notConnected });
    await connect(cookie);
    const bad = [
      [{ pid, title: 'x'.repeat(101), privacy: 'public' }, 'The title can be at most 100 characters.'],
      [
        { pid, title: 'A', description: 'd'.repeat(5001), privacy: 'public' },
        'The description can be at most 5000 characters.',
      ],
      [
        { pid, title: 'A', tags: 't,'.repeat(251), privacy: 'public' },
        'The tags can be at most 500 characters together.',
      ],
      [{ pid, title: 'A <b>', privacy: 'public' }, 'The title cannot contain < or >.'],
      [{ pid, title: 'A', privacy: 'friends' }, 'Privacy must be public, unlisted or private.'],
    ] as const;
    for (const [body, message] of bad) {
      const res = await api.post('/api/members/video-site/uploads', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    const { id: bare } = await saveProject(t.app.db, {
      userId: member.id,
      input: { name: 'Bare', title: 'Bare', category: 'project', data_json: JSON.stringify(buildProjectData()) },
    });
    const noRender = await api.post('/api/members/video-site/uploads', { pid: bare, title: 'A', privacy: 'public' });
    expect(noRender.statusCode).toBe(409);
    expect(noRender.json()).toMatchObject({ code: 'no_render', error: VIDEO_SITE_MESSAGES.noRender });
    const rows = await t.app.db.select().from(videoUploads).where(eq(videoUploads.userId, member.id));
    expect(rows).toEqual([]);
    expect((await requestsAs(t.app).get('/api/members/video-site')).statusCode).toBe(401);
  });

  it('says publishing is not set up when no OAuth client is configured', async () => {
    const { member, pid } = await memberWithRender();
    const status = await videoSiteStatus({ db: t.app.db, boss: t.app.queue, sites: undefined }, member, pid);
    expect(status).toMatchObject({ available: false, connected: false, render: { bytes: VIDEO_BYTES } });
    expect(() => connectUrl(undefined, member, 'session', '/app.html')).toThrow(VIDEO_SITE_MESSAGES.off);
  });
});
