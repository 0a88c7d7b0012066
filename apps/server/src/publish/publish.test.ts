import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  abilitiesFor,
  createFrame,
  createTextItem,
  FREE_VIDEO_MAX_SECONDS,
  PlanSchema,
  type ProjectData,
} from '@reelwright/core';
import { type FakePushService, readOutbox, startPushService, waitForMail } from '@reelwright/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildProjectData } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import type { Member } from '../accounts/sessions';
import { runTool } from '../ffmpeg/ffmpeg';
import { probeMedia } from '../ffmpeg/probe';
import { saveProject } from '../projects/service';
import { renderJobs } from '../renders/tables';
import { quotaErrorHtml } from './quota';

/**
 * Bright pixels in the bottom-right corner of an MP4's frame at `t`, scaled to 320×180, where
 * the product watermark sits (the captions are centred; the background is black).
 */
async function brightInCorner(file: string, t: number): Promise<number> {
  const rgba = await runTool('ffmpeg', [
    '-v',
    'error',
    '-ss',
    String(t),
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    'scale=320:180',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    '-',
  ]);
  let bright = 0;
  for (let y = 150; y < 180; y++) {
    for (let x = 160; x < 320; x++) {
      const i = (y * 320 + x) * 4;
      if ((rgba[i] ?? 0) + (rgba[i + 1] ?? 0) + (rgba[i + 2] ?? 0) > 300) bright++;
    }
  }
  return bright;
}

/** A 320×180 project of frames with the given lengths, one caption each. */
function project(durations: number[]): ProjectData {
  return buildProjectData({
    video: {
      size: { width: 320, height: 180 },
      frames: durations.map((duration, i) =>
        createFrame(`f${i}`, { duration, items: [createTextItem(`t${i}`, `Slide ${i + 1}`)] }),
      ),
    },
  } as Partial<ProjectData>);
}

const QUOTA = 3;

describe.each(DB_KINDS)('publishing on %s (spec 000 §7)', (kind) => {
  let t: TestApp;
  let push: FakePushService;

  beforeAll(async () => {
    push = await startPushService();
    // The fake push service listens on loopback, which the guarded client refuses by default.
    t = await createTestApp(kind, {
      RENDER_QUOTA_FREE: String(QUOTA),
      RENDER_QUOTA_PAID: '100',
      FETCH_ALLOW_PRIVATE: '1',
    });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie, 'sec-fetch-site': 'same-origin' }, payload: payload as never });
  const save = async (member: Member, data: ProjectData, id?: number) =>
    saveProject(t.app.db, {
      userId: member.id,
      input: { id, name: 'Trip', title: 'My Trip to Rome!', category: 'project', data_json: JSON.stringify(data) },
    });
  const renderJobCount = async (userId: number) =>
    (await t.app.db.select().from(renderJobs).where(eq(renderJobs.userId, userId))).length;
  /** Polls the render's status until it is done or failed. */
  const settled = async (cookie: string, qid: number) => {
    const until = Date.now() + 90_000;
    for (;;) {
      const status = (await call(cookie, 'GET', `/api/members/queue-video/status?qid=${qid}`)).json();
      if (status.status === 'done' || status.status === 'failed' || Date.now() > until) return status;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  /** Fetches a link of an e-mail through the app (the link's origin is PUBLIC_URL). */
  const follow = (link: string) => t.app.inject({ url: new URL(link).pathname + new URL(link).search });
  const saveBody = async (body: Buffer) => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'rw-publish-')), 'video.mp4');
    await writeFile(file, body);
    return file;
  };

  it("answers a free member's quota: watermark, 60 s and the daily renders", async () => {
    const { cookie } = await buildMember(t.app);
    const res = await call(cookie, 'GET', '/api/members/quota?tz_offset=-120');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plan: 'free',
      limit: QUOTA,
      used: 0,
      remaining: QUOTA,
      watermarkForced: true,
      maxSeconds: FREE_VIDEO_MAX_SECONDS,
      resetsAt: expect.stringMatching(/T00:00:00\.000Z$/),
    });
  });

  it('refuses visitors and bad input, and changes nothing', async () => {
    const { member, cookie } = await buildMember(t.app);
    const { id } = await save(member, project([1]));
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/members/queue-video', payload: { pid: id } })).statusCode,
    ).toBe(401);
    const badEmail = await call(cookie, 'POST', '/api/members/queue-video', {
      pid: id,
      email: 'nope',
      action: 'download',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatch(/valid email/);
    const badAction = await call(cookie, 'POST', '/api/members/queue-video', {
      pid: id,
      email: 'a@b.co',
      action: 'tv',
    });
    expect(badAction.statusCode).toBe(400);
    expect((await call(cookie, 'GET', '/api/members/quota?tz_offset=abc')).statusCode).toBe(400);
    expect((await call(cookie, 'GET', '/api/members/videos/download?pid=0')).statusCode).toBe(400);
    const other = await buildMember(t.app);
    const foreign = await call(other.cookie, 'POST', '/api/members/queue-video', { pid: id, email: 'a@b.co' });
    expect(foreign.statusCode).toBe(404);
    expect((await call(cookie, 'GET', '/api/members/quota')).json().used).toBe(0);
    expect((await call(cookie, 'GET', `/api/members/videos/download?pid=${id}`)).body).toBe('');
  });

  it('renders a free video with the watermark, stops it at 60 s and e-mails the download link', {
    timeout: 120_000,
  }, async () => {
    const { member, cookie } = await buildMember(t.app);
    const email = `publish-${member.id}@example.test`;
    const { id } = await save(member, project([30, 30, 10]));

    const queued = await call(cookie, 'POST', '/api/members/queue-video', {
      pid: id,
      email,
      action: 'download',
      quality: '720p',
    });
    expect(queued.statusCode).toBe(200);
    const { qid } = queued.json();
    expect(queued.json()).toMatchObject({ email, url: null });
    // Publishing the same content again is the same render, and costs no quota.
    expect(
      (await call(cookie, 'POST', '/api/members/queue-video', { pid: id, email, quality: '720p' })).json().qid,
    ).toBe(qid);
    expect(['rendering', expect.stringMatching(/^http/)]).toContainEqual(
      (await call(cookie, 'GET', `/api/members/videos/download?pid=${id}`)).body,
    );

    const done = await settled(cookie, qid);
    expect(done).toMatchObject({ status: 'done', progress: 1, error: null, duration: FREE_VIDEO_MAX_SECONDS });
    expect(done.framesTotal).toBeGreaterThan(0);
    expect(done.framesDone).toBe(done.framesTotal);
    expect(done.segmentsTotal).toBeGreaterThan(0);
    const lookup = (await call(cookie, 'GET', `/api/members/videos/download?pid=${id}`)).body;
    expect(lookup).toBe(done.url);
    expect(lookup).toMatch(/^http:\/\/127\.0\.0\.1:3000\/videos\/[A-Za-z0-9_-]{32}\.mp4\?download=1$/);

    const mail = await waitForMail(t.config.dataDir, email, { subject: /ready/ });
    expect(mail.subject).toBe('Your video is ready: My Trip to Rome!');
    expect(mail.text).toContain(lookup);

    const download = await follow(lookup);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('video/mp4');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="my-trip-to-rome\.mp4"/);
    const probe = await probeMedia(await saveBody(download.rawPayload), { countFrames: true });
    expect(probe.duration).toBeCloseTo(60, 1);
    expect(probe.streams.find((s) => s.type === 'video')).toMatchObject({
      codec: 'h264',
      frames: 1800,
      width: 1280,
      height: 720,
    });
    expect(probe.streams.some((s) => s.type === 'audio')).toBe(true);
    expect(await brightInCorner(await saveBody(download.rawPayload), 5)).toBeGreaterThan(40);

    const thumbnail = await follow(lookup.replace('.mp4?download=1', '.jpg'));
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');

    const member_download = await call(cookie, 'GET', `/api/members/download?pid=${id}`);
    expect(member_download.statusCode).toBe(200);
    expect(member_download.rawPayload.equals(download.rawPayload)).toBe(true);

    // The link was sent: the address can no longer change.
    const late = await call(cookie, 'POST', '/api/members/queue-video/update', { qid, newEmail: 'late@example.test' });
    expect(late.statusCode).toBe(409);
  });

  it("renders a paid member's video whole, without the watermark", { timeout: 120_000 }, async () => {
    const { member, cookie } = await buildMember(t.app, { plan: 'paid' });
    const browser = push.createSubscription();
    expect((await call(cookie, 'POST', '/api/notify/app/webpush', browser)).statusCode).toBe(200);
    const { id } = await save(member, project([40, 30]));
    const quota = (await call(cookie, 'GET', '/api/members/quota')).json();
    expect(quota).toMatchObject({ plan: 'paid', watermarkForced: false, maxSeconds: null, limit: 100 });
    const { qid } = (
      await call(cookie, 'POST', '/api/members/queue-video', { pid: id, email: 'paid@example.test', quality: '720p' })
    ).json();
    const done = await settled(cookie, qid);
    expect(done).toMatchObject({ status: 'done', duration: 70 });
    const file = await saveBody((await follow(done.url)).rawPayload);
    expect((await probeMedia(file)).duration).toBeCloseTo(70, 1);
    expect(await brightInCorner(file, 5)).toBe(0);
    // The member's browser was told too (Web Push, decrypted by the fake push service).
    const message = await push.waitForMessage((m) => m.subscriptionId === push.idOf(browser.endpoint));
    expect(message.payload).toEqual({
      title: 'Your video is ready',
      body: '"My Trip to Rome!" is ready to download.',
      url: done.url,
    });
  });

  it('sends the link to a changed address, and tells a member why a render failed', { timeout: 120_000 }, async () => {
    const { member, cookie } = await buildMember(t.app);
    const broken = project([1]);
    broken.video.frames[0]?.items.push({
      id: 'pic',
      type: 'image',
      timing: { start: 0, stop: 1 },
      box: { left: 0, top: 0, width: 1, height: 1 },
      url: '/media/generated/no-such-file.png',
    } as never);
    const { id } = await save(member, broken);
    const { qid } = (
      await call(cookie, 'POST', '/api/members/queue-video', { pid: id, email: 'first@example.test' })
    ).json();
    const changed = await call(cookie, 'POST', '/api/members/queue-video/update', {
      qid,
      newEmail: ' Second@Example.test ',
    });
    if (changed.statusCode === 200) {
      expect(changed.json().email).toBe('second@example.test');
      const failed = await settled(cookie, qid);
      expect(failed).toMatchObject({ status: 'failed', url: null });
      expect(failed.error).toMatch(/no-such-file\.png/);
      const mail = await waitForMail(t.config.dataDir, 'second@example.test', { subject: /could not be rendered/ });
      expect(mail.text).toContain('no-such-file.png');
      expect((await readOutbox(t.config.dataDir)).some((m) => m.to.includes('first@example.test'))).toBe(false);
    } else {
      // The render failed (and was reported) before the change arrived.
      expect(changed.statusCode).toBe(409);
    }
    // A failed render costs no quota and publishes nothing.
    expect((await call(cookie, 'GET', '/api/members/quota')).json().used).toBe(0);
    expect((await call(cookie, 'GET', `/api/members/videos/download?pid=${id}`)).body).toBe('');
    const other = await buildMember(t.app);
    expect(
      (await call(other.cookie, 'POST', '/api/members/queue-video/update', { qid, newEmail: 'x@y.co' })).statusCode,
    ).toBe(404);
  });

  it('renders at 1080p by default and answers an unchanged video with its finished render', {
    timeout: 120_000,
  }, async () => {
    const { member, cookie } = await buildMember(t.app);
    const email = `again-${member.id}@example.test`;
    const original = project([2]);
    const { id } = await save(member, original);
    const first = (await call(cookie, 'POST', '/api/members/queue-video', { pid: id, email })).json();
    const done = await settled(cookie, first.qid);
    expect(done.status).toBe('done');
    const file = await saveBody((await follow(done.url)).rawPayload);
    expect((await probeMedia(file)).streams.find((s) => s.type === 'video')).toMatchObject({
      width: 1920,
      height: 1080,
    });
    await waitForMail(t.config.dataDir, email, { subject: /ready/ });
    const jobsBefore = await renderJobCount(member.id);

    // Download again: the finished render at once, no queue, no quota, no second e-mail.
    const again = await call(cookie, 'POST', '/api/members/queue-video', { pid: id, email });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ qid: first.qid, status: 'done', url: done.url });
    expect(await renderJobCount(member.id)).toBe(jobsBefore);
    expect((await call(cookie, 'GET', '/api/members/quota')).json().used).toBe(1);

    // A changed video renders again; an edit undone is the first video again.
    await save(member, project([3]), id);
    const changed = (await call(cookie, 'POST', '/api/members/queue-video', { pid: id, email })).json();
    expect(changed.qid).not.toBe(first.qid);
    await settled(cookie, changed.qid);
    await save(member, original, id);
    const undone = (await call(cookie, 'POST', '/api/members/queue-video', { pid: id, email })).json();
    expect(undone).toMatchObject({ qid: first.qid, status: 'done', url: done.url });
    // Another size is another render.
    const smaller = (
      await call(cookie, 'POST', '/api/members/queue-video', { pid: id, email, quality: '720p' })
    ).json();
    expect(smaller.qid).not.toBe(first.qid);
    await settled(cookie, smaller.qid);
    expect((await call(cookie, 'GET', '/api/members/quota')).json().used).toBe(3);
    // The 'ready' mail is sent after the job says done: wait for the third one, not just read.
    const mails = async () => (await readOutbox(t.config.dataDir)).filter((m) => m.to.includes(email));
    await expect.poll(async () => (await mails()).length, { timeout: 10_000 }).toBe(3);
  });

  it('refuses a render beyond the daily quota with the HTML error and its links', { timeout: 120_000 }, async () => {
    const { member, cookie } = await buildMember(t.app);
    for (let i = 0; i < QUOTA; i++) {
      const { id } = await save(member, project([1 + i * 0.5]));
      const queued = await call(cookie, 'POST', '/api/members/queue-video', { pid: id, email: 'q@example.test' });
      expect(queued.statusCode).toBe(200);
    }
    const { id } = await save(member, project([2]));
    const refused = await call(cookie, 'POST', '/api/members/queue-video', { pid: id, email: 'q@example.test' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('quota_exceeded');
    const quota = (await call(cookie, 'GET', '/api/members/quota')).json();
    expect(quota).toMatchObject({ used: QUOTA, remaining: 0 });
    expect(quota.error).toBe(refused.json().error);
    expect(quota.error).toContain('href="/pricing"');
    expect(quota.error).toContain('href="mailto:support@reelwright.local"');
    expect((await call(cookie, 'GET', `/api/members/videos/download?pid=${id}`)).body).toBe('');
  });

  it('gives a project one embed hash whose page plays the video, framable anywhere', { timeout: 120_000 }, async () => {
    const { member, cookie } = await buildMember(t.app, { plan: 'paid' });
    const { id } = await save(member, project([2]));
    const first = await call(cookie, 'GET', `/api/members/projects/embed/hash?pid=${id}`);
    expect(first.statusCode).toBe(200);
    const hash = first.body;
    expect(first.headers['content-type']).toMatch(/^text\/plain/);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await call(cookie, 'GET', `/api/members/projects/embed/hash?pid=${id}`)).body).toBe(hash);
    const other = await buildMember(t.app);
    expect((await call(other.cookie, 'GET', `/api/members/projects/embed/hash?pid=${id}`)).statusCode).toBe(404);

    const unpublished = await t.app.inject({ url: `/embed.html?hash=${hash}` });
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.body).toContain('This video is not available.');

    const { qid } = (
      await call(cookie, 'POST', '/api/members/queue-video', { pid: id, email: 'e@example.test', action: 'embed' })
    ).json();
    const done = await settled(cookie, qid);
    const page = await t.app.inject({ url: `/embed.html?hash=${hash}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    const src = /<video[^>]* src="([^"]+)"/.exec(page.body)?.[1];
    expect(src).toBe(new URL(done.url).pathname);
    expect(page.body).toContain('Made with Reelwright');
    // Nothing else of the member: no e-mail, title or project id.
    expect(page.body).not.toContain('e@example.test');
    expect(page.body).not.toContain('My Trip');
    expect(page.body).not.toContain(`pid=${id}`);

    const video = await t.app.inject({ url: src as string, headers: { range: 'bytes=0-99' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.length).toBe(100);

    expect((await t.app.inject({ url: '/embed.html?hash=nothing-like-a-real-hash' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/videos/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.mp4' })).statusCode).toBe(404);
  });
});

describe('the quota error', () => {
  it('suggests upgrading on every plan but business, the highest', () => {
    for (const plan of PlanSchema.options) {
      const { higherPlan } = abilitiesFor(plan);
      const html = quotaErrorHtml({ plan, limit: 5, supportEmail: 'help@example.com', higherPlan });
      expect(html.includes('Upgrade your plan'), plan).toBe(plan !== 'business');
      expect(html).toContain(`all 5 video renders of your ${plan} plan`);
    }
  });
});
