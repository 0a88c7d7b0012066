import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import {
  createTextItem,
  hashDocument,
  type ProjectData,
  ProjectDataSchema,
  type ProjectListItem,
} from '@reelwright/core';
import { eq } from 'drizzle-orm';
import { createPatch } from 'rfc6902';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { projects, projectThumbnails } from '../projects/tables';
import { ProjectThumbnailJob } from '../projects/thumbnail-job';
import { smallProject, waitFor } from '../renders/fixtures';
import { queueRender, renderStatus } from '../renders/service';
import type { RenderJobRow } from '../renders/tables';
import { recordings, ttsUsage } from '../speech/tables';
import { libraryItems } from '../uploads/tables';

const P = '/api/members/projects';
const box = { left: 0, top: 0, width: 1, height: 1 };
const timing = { start: 0, stop: 1 };

/** A one-slide project whose media field (`where`) holds `url`. */
function projectWith(where: string, url: string): ProjectData {
  const data = smallProject(1, [createTextItem('t1', 'Hello')]);
  const movie = data.video;
  const frame = movie.frames[0]!;
  const add = (item: object) => frame.items.push({ timing, box, ...item } as never);
  switch (where) {
    case 'image item':
      add({ id: 'photo', type: 'image', url });
      break;
    case 'video item':
      add({ id: 'clip', type: 'video', url });
      break;
    case 'audio item':
      add({ id: 'voice', type: 'audio', url });
      break;
    case 'gallery item':
      add({ id: 'album', type: 'gallery', images: [{ url }] });
      break;
    case 'item sound':
      (frame.items[0] as { audio?: object }).audio = { url };
      break;
    case 'video poster':
      add({ id: 'site', type: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', poster: url });
      break;
    case 'item background':
      add({ id: 'card', type: 'slide', background: { type: 'image', url } });
      break;
    case 'slide background':
      frame.background = { type: 'image', url } as never;
      break;
    case 'movie background':
      movie.background = { type: 'image', url } as never;
      break;
    case 'music':
      movie.audio = { ...movie.audio, url };
      break;
    case 'watermark':
      movie.watermark = { ...movie.watermark, type: 'image', image: url };
      break;
  }
  return data;
}

const FIELDS = [
  'image item',
  'video item',
  'audio item',
  'gallery item',
  'item sound',
  'video poster',
  'item background',
  'slide background',
  'movie background',
  'music',
  'watermark',
];

describe.each(DB_KINDS)('media a project may use on %s (issue 31 finding 1)', (kind) => {
  let t: TestApp;
  let userId: number;
  let me: ReturnType<typeof requestsAs>;
  let otherId: number;
  /** A picture outside every member's media: the file an attacker wants drawn into a poster. */
  let secret: string;
  let spellings: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind, { THUMBNAIL_DELAY_SECONDS: '3600' });
    const member = await buildMember(t.app);
    userId = member.member.id;
    me = requestsAs(t.app, member.cookie);
    otherId = (await buildMember(t.app)).member.id;

    const red = createCanvas(64, 36);
    const ctx = red.getContext('2d');
    ctx.fillStyle = '#d01010';
    ctx.fillRect(0, 0, 64, 36);
    secret = path.join(await mkdtemp(path.join(tmpdir(), 'rw-secret-')), 'secret.png');
    await writeFile(secret, await red.encode('png'));
    const files = path.join(t.config.dataDir, 'files');
    // The other member's upload, stored and in their library.
    const theirs = `uploads/${randomBytes(16).toString('hex')}.png`;
    await t.app.files.put(theirs, secret, 'image/png');
    await t.app.db
      .insert(libraryItems)
      .values({ userId: otherId, url: `/media/${theirs}`, kind: 'image', name: 'theirs', source: 'upload' });
    spellings = {
      absolute: secret,
      relative: path.relative(files, secret),
      'file: url': pathToFileURL(secret).href,
      'percent-encoded file: url': `file:///%${secret.charCodeAt(1).toString(16)}${secret.slice(2)}`,
      'percent-encoded relative': path.relative(files, secret).replaceAll('/', '%2f').replaceAll('.', '%2e'),
      backslashes: path.relative(files, secret).replaceAll('/', '\\'),
      'dot segments under /media/': `/media/../..${secret}`,
      "another member's upload": `/media/${theirs}`,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = (data: ProjectData, id?: number) =>
    me.post(`${P}/save`, { id, name: 'Media', data_json: JSON.stringify(data) });
  const myProjects = async () => (await t.app.db.select().from(projects).where(eq(projects.userId, userId))).length;

  it('refuses a save naming a file outside the member’s media, by every spelling and in every field', async () => {
    const before = await myProjects();
    for (const [spelling, url] of Object.entries(spellings)) {
      for (const where of FIELDS) {
        const res = await save(projectWith(where, url));
        expect(res.statusCode, `${spelling} in ${where}: ${res.body}`).toBe(400);
        const body = res.json();
        expect(body).toMatchObject({ code: 'media_not_allowed', field: 'data_json' });
        expect(body.error).toContain(JSON.stringify(url));
      }
    }
    const named = (await save(projectWith('image item', spellings.absolute!))).json().error;
    expect(named).toContain('slide 1, image item "photo"');
    expect(await myProjects()).toBe(before);
  });

  it('refuses a patch that points an item at such a file, and keeps the stored document', async () => {
    const saved = await save(projectWith('image item', 'https://cdn.example/photo.jpg'));
    expect(saved.statusCode, saved.body).toBe(200);
    const { id } = saved.json();
    const stored = async () => (await t.app.db.select().from(projects).where(eq(projects.id, id)))[0]!;
    /** The editor's auto-save: a patch from the stored document to `url` in the image item, with the result's hash. */
    const patchTo = async (url: string) => {
      const next = ProjectDataSchema.parse(projectWith('image item', url));
      return me.post(`${P}/patch`, {
        id,
        diff: JSON.stringify(createPatch((await stored()).data, next)),
        hash: await hashDocument(next),
      });
    };
    const allowed = await patchTo('https://cdn.example/other.jpg');
    expect(allowed.statusCode, allowed.body).toBe(200);
    const { hash } = allowed.json();
    for (const [spelling, url] of Object.entries(spellings)) {
      const res = await patchTo(url);
      expect(res.statusCode, `${spelling}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'media_not_allowed', field: 'diff' });
    }
    expect((await stored()).dataHash).toBe(hash);
  });

  it('saves what the app itself puts in projects', async () => {
    const mine = `/media/uploads/${randomBytes(16).toString('hex')}.png`;
    await t.app.db.insert(libraryItems).values({
      userId,
      url: mine,
      thumbnail: mine.replace('.png', '.thumb.jpg'),
      kind: 'image',
      name: 'mine',
      source: 'upload',
    });
    const clip = 'b'.repeat(64);
    await t.app.db.insert(ttsUsage).values({ userId, projectId: 0, clipKey: clip, seconds: 1 });
    const recording = `recordings/${randomBytes(16).toString('hex')}.mp3`;
    await t.app.db.insert(recordings).values({ key: recording, userId });
    const legacyRecording = `/media/recordings/${randomBytes(16).toString('hex')}.mp3`;
    for (const [where, url] of [
      ['image item', mine],
      ['video poster', mine.replace('.png', '.thumb.jpg')],
      ['audio item', `/media/tts/${clip}.mp3`],
      ['item sound', `/media/${recording}`],
      ['audio item', legacyRecording],
      ['music', '/media/music/calm-piano.mp3'],
      ['image item', '/media/emojis/1f600.png'],
      ['slide background', '/media/generated/abc123.png'],
      ['gallery item', 'https://cdn.example/a.jpg'],
      ['watermark', 'data:image/png;base64,iVBORw0KGgo='],
    ] as const) {
      const res = await save(projectWith(where, url));
      expect(res.statusCode, `${url} in ${where}: ${res.body}`).toBe(200);
    }
    // Someone else's speech and recordings are not the member's to use.
    const theirClip = 'c'.repeat(64);
    await t.app.db.insert(ttsUsage).values({ userId: otherId, projectId: 0, clipKey: theirClip, seconds: 1 });
    const theirRecording = `recordings/${randomBytes(16).toString('hex')}.mp3`;
    await t.app.db.insert(recordings).values({ key: theirRecording, userId: otherId });
    for (const url of [`/media/tts/${theirClip}.mp3`, `/media/${theirRecording}`]) {
      const res = await save(projectWith('audio item', url));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toContain('is not one of your uploads, recordings or speech clips');
    }
  });

  /** A project stored as one saved before the rule would be: straight into the table. */
  async function storedBeforeTheRule(data: ProjectData): Promise<number> {
    const [row] = await t.app.db
      .insert(projects)
      .values({ userId, name: 'Old', title: 'Old', data, dataHash: await hashDocument(data), category: 'project' })
      .returning({ id: projects.id });
    return row!.id;
  }
  const finished = (row: RenderJobRow) => row.status === 'done' || row.status === 'failed';

  it('refuses to render a stored project that names such a file', { timeout: 150_000 }, async () => {
    const projectId = await storedBeforeTheRule(projectWith('image item', spellings.absolute!));
    const queued = await queueRender(t.app.db, t.app.queue, {
      userId,
      projectId,
      settings: { timeoutSeconds: 300, fps: 10 },
    });
    const row = await waitFor(() => renderStatus(t.app.db, { userId, renderJobId: queued.id }), finished);
    expect(row.status).toBe('failed');
    expect(row.outputPath).toBeNull();
    expect(row.error).toContain('slide 1, image item "photo"');
    expect(row.error).toContain(JSON.stringify(spellings.absolute));
    expect(row.error).not.toContain(t.config.dataDir);
  });

  it('draws no public poster of a stored project that names such a file', async () => {
    for (const url of Object.values(spellings)) {
      const projectId = await storedBeforeTheRule(projectWith('image item', url));
      const outcome = await ProjectThumbnailJob.perform(
        { db: t.app.db, files: t.app.files, dataDir: t.config.dataDir, fetchPolicy: t.config.fetch },
        { projectId },
      );
      expect(outcome, url).toBe('failed');
      const drawn = await t.app.db.select().from(projectThumbnails).where(eq(projectThumbnails.projectId, projectId));
      expect(drawn).toEqual([]);
      const listed = ((await me.get(`${P}/all`)).json() as ProjectListItem[]).find((p) => p.id === projectId);
      expect(listed?.thumbnailUrl ?? null).toBeNull();
    }
  });

  it('tells the member which media failed, without server paths (finding 8)', { timeout: 150_000 }, async () => {
    const missing = '/media/generated/no-such-picture.png';
    const res = await save(projectWith('image item', missing));
    expect(res.statusCode, res.body).toBe(200);
    const queued = await queueRender(t.app.db, t.app.queue, {
      userId,
      projectId: res.json().id,
      settings: { timeoutSeconds: 300, fps: 10 },
    });
    const row = await waitFor(() => renderStatus(t.app.db, { userId, renderJobId: queued.id }), finished);
    expect(row.status).toBe('failed');
    expect(row.error).toBe(
      `The video was not made: the image "${missing}" could not be loaded. Check that the address still works, or replace it in the editor, then publish again.`,
    );
    expect(row.error).not.toContain(t.config.dataDir);
    expect(row.error).not.toMatch(/ENOENT|ffmpeg|\/tmp\//);
  });
});
