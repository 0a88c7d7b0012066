import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFrame, createTextItem, type ProjectData } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildProjectData } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import type { Member } from '../accounts/sessions';
import { runTool } from '../ffmpeg/ffmpeg';
import { saveProject } from '../projects/service';
import { ttsUsage } from '../speech/tables';

/** A clip's words as the speech service stores them: seconds from the clip's start. */
const WORDS = [
  { text: 'Hello', start: 0.2, end: 0.6 },
  { text: 'captions.', start: 0.7, end: 1.3 },
];
const box = { left: 0, top: 0, width: 1, height: 1 };

/** A 320×180 project of one 2 s frame; with a clip, its 1.5 s and its words start at 0.5 s. */
function project(audioUrl: string | null, captions?: { style: 'boxed' }): ProjectData {
  const narration = audioUrl
    ? [{ id: 'voice', type: 'audio', url: audioUrl, timing: { start: 0.5, stop: 2 }, box, duration: 1.5, words: WORDS }]
    : [];
  return buildProjectData({
    video: {
      size: { width: 320, height: 180 },
      ...(captions ? { captions } : {}),
      frames: [createFrame('f1', { duration: 2, items: [createTextItem('t1', 'Hi'), ...narration] as never })],
    },
  } as Partial<ProjectData>);
}

describe.each(DB_KINDS)('caption files of a render on %s (D68)', (kind) => {
  let t: TestApp;
  let clipUrl: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { RENDER_QUOTA_PAID: '100' });
    // The narration: 1.5 s of tone stored where speech clips live.
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'rw-captions-')), 'clip.mp3');
    await runTool('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=1.5', file]);
    const key = 'a'.repeat(64);
    await t.app.files.put(`tts/${key}.mp3`, file, 'audio/mpeg');
    clipUrl = `/media/tts/${key}.mp3`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (cookie: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie, 'sec-fetch-site': 'same-origin' }, payload: payload as never });
  /** Saves and renders a project; answers its id and the render's public id. */
  async function rendered(member: Member, cookie: string, data: ProjectData) {
    // The clip counts as the member's own speech, as `speak` records it (projects use only their own).
    await t.app.db
      .insert(ttsUsage)
      .values({ userId: member.id, projectId: 0, clipKey: 'a'.repeat(64), seconds: 1.5 })
      .onConflictDoNothing();
    const { id } = await saveProject(t.app.db, {
      userId: member.id,
      input: { name: 'Talk', title: 'Hello Captions!', category: 'project', data_json: JSON.stringify(data) },
    });
    const queued = await call(cookie, '/api/members/queue-video', 'POST', {
      pid: id,
      email: 'captions@example.test',
      action: 'embed',
    });
    expect(queued.statusCode, queued.body).toBe(200);
    const { qid } = queued.json();
    const until = Date.now() + 60_000;
    for (;;) {
      const status = (await call(cookie, `/api/members/queue-video/status?qid=${qid}`)).json();
      if (status.status === 'done') return { id, publicId: new URL(status.url).pathname.slice(8, 40) };
      if (status.status === 'failed' || Date.now() > until) throw new Error(`render ${status.status}: ${status.error}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('writes .srt and .vtt beside the MP4 and lets the member download them', { timeout: 90_000 }, async () => {
    const { member, cookie } = await buildMember(t.app, { plan: 'paid' });
    const { id, publicId } = await rendered(member, cookie, project(clipUrl));
    expect(await t.app.files.exists(`renders/${publicId}.srt`)).toBe(true);

    const srt = await call(cookie, `/api/members/captions?pid=${id}&format=srt`);
    expect(srt.statusCode).toBe(200);
    expect(srt.headers['content-type']).toBe('application/x-subrip; charset=utf-8');
    expect(srt.headers['content-disposition']).toContain('attachment; filename="hello-captions.srt"');
    // The formats themselves are checked against parsers in core (captions.test.ts).
    expect(srt.body).toBe('1\n00:00:00,700 --> 00:00:01,800\nHello captions.\n');

    const vtt = await call(cookie, `/api/members/captions?pid=${id}&format=vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers['content-disposition']).toContain('filename="hello-captions.vtt"');
    expect(vtt.body).toBe('WEBVTT\n\n00:00:00.700 --> 00:00:01.800\nHello captions.\n');

    // The public .vtt the embed page's player loads, and the page's track.
    const open = await t.app.inject({ url: `/videos/${publicId}.vtt` });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(open.body).toBe(vtt.body);
    const { hash } = { hash: (await call(cookie, `/api/members/projects/embed/hash?pid=${id}`)).body };
    const page = await t.app.inject({ url: `/embed.html?hash=${hash}` });
    expect(page.body).toContain(
      `<track kind="captions" srclang="en" label="English" src="/videos/${publicId}.vtt" default>`,
    );
  });

  it('offers the track without showing it when the captions are burned in', { timeout: 90_000 }, async () => {
    const { member, cookie } = await buildMember(t.app, { plan: 'paid' });
    const { id, publicId } = await rendered(member, cookie, project(clipUrl, { style: 'boxed' }));
    const hash = (await call(cookie, `/api/members/projects/embed/hash?pid=${id}`)).body;
    const page = await t.app.inject({ url: `/embed.html?hash=${hash}` });
    expect(page.body).toContain(`<track kind="captions" srclang="en" label="English" src="/videos/${publicId}.vtt">`);
  });

  it('answers 404 for a video without narration words, a project never rendered, and bad input 400', {
    timeout: 90_000,
  }, async () => {
    const { member, cookie } = await buildMember(t.app, { plan: 'paid' });
    const { id, publicId } = await rendered(member, cookie, project(null));
    const none = await call(cookie, `/api/members/captions?pid=${id}&format=vtt`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toContain('no narration with timed words');
    expect((await t.app.inject({ url: `/videos/${publicId}.vtt` })).statusCode).toBe(404);
    const hash = (await call(cookie, `/api/members/projects/embed/hash?pid=${id}`)).body;
    expect((await t.app.inject({ url: `/embed.html?hash=${hash}` })).body).not.toContain('<track');

    const { id: unrendered } = await saveProject(t.app.db, {
      userId: member.id,
      input: { name: 'New', category: 'project', data_json: JSON.stringify(project(clipUrl)) },
    });
    expect((await call(cookie, `/api/members/captions?pid=${unrendered}&format=srt`)).statusCode).toBe(404);
    expect((await call(cookie, `/api/members/captions?pid=${id}&format=txt`)).statusCode).toBe(400);
    const other = await buildMember(t.app, { plan: 'paid' });
    expect((await call(other.cookie, `/api/members/captions?pid=${id}&format=srt`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/members/captions?pid=${id}&format=srt` })).statusCode).toBe(401);
  });
});
