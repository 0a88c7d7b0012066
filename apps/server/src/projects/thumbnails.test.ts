import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { createTextItem, hashDocument, type ProjectData, type ProjectListItem } from '@reelwright/core';
import { eq, sql } from 'drizzle-orm';
import { createPatch } from 'rfc6902';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { smallProject, waitFor as waitForRender } from '../renders/fixtures';
import { queueRender, renderStatus } from '../renders/service';
import { projectThumbnails } from './tables';

const P = '/api/members/projects';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `done` holds; fails the test with the last value after `ms`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`gave up waiting; last value: ${JSON.stringify(value)}`);
    await pause(150);
  }
}

/** Decodes a stored poster into its RGBA pixels. */
async function decode(bytes: Buffer) {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, pixels: ctx.getImageData(0, 0, image.width, image.height).data };
}

/** A 320×180 project of one slide with a white caption on the default background. */
const captioned = (text: string) => smallProject(2, [createTextItem('t1', text)]);

describe.each(DB_KINDS)('project thumbnails on %s', (kind) => {
  let t: TestApp;
  let me: ReturnType<typeof requestsAs>;
  let userId: number;
  /** A media host on loopback: a red picture, and a 404. */
  let media: Server;
  let mediaBase = '';

  beforeAll(async () => {
    const red = createCanvas(64, 36);
    const redCtx = red.getContext('2d');
    redCtx.fillStyle = '#d01010';
    redCtx.fillRect(0, 0, 64, 36);
    const png = await red.encode('png');
    media = createServer((request, response) => {
      if (request.url === '/red.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    mediaBase = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
    // Remote media come through the render's resolver; the fetch policy lets it reach this host.
    t = await createTestApp(kind, { THUMBNAIL_DELAY_SECONDS: '1', FETCH_ALLOW_PRIVATE: '1' });
    const member = await buildMember(t.app);
    userId = member.member.id;
    me = requestsAs(t.app, member.cookie);
  });
  afterAll(async () => {
    await t?.close();
    media?.close();
  });

  const save = async (data: ProjectData, id?: number) => {
    const res = await me.post(`${P}/save`, { id, name: 'Poster', data_json: JSON.stringify(data) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; hash: string };
  };
  const listed = async (as = me, id?: number) =>
    ((await as.get(`${P}/all`)).json() as ProjectListItem[]).find((p) => p.id === id);
  const thumbnailRow = async (projectId: number) =>
    (await t.app.db.select().from(projectThumbnails).where(eq(projectThumbnails.projectId, projectId)))[0];
  /** The project's thumbnail jobs in the queue, oldest first. */
  const jobs = async (projectId: number) => {
    const result = (await t.app.db.execute(
      sql`select state from pgboss.job where name = 'project-thumbnail' and singleton_key = ${String(projectId)} order by created_on`,
    )) as { rows: { state: string }[] };
    return result.rows.map((row) => row.state);
  };
  const allCompleted = (states: string[]) => states.length > 0 && states.every((s) => s === 'completed');
  const fetchMedia = (url: string) => t.app.inject({ method: 'GET', url });

  it('draws a WebP poster of the saved project, once for a burst of saves', async () => {
    const first = await save(captioned('Draft one'));
    await save(captioned('Draft two'), first.id);
    const last = await save(captioned('Fresh espresso'), first.id);

    const row = await until(
      () => listed(me, first.id),
      (p) => !!p?.thumbnailUrl,
    );
    expect(row?.thumbnailUrl).toMatch(new RegExp(`^/media/thumbnails/${first.id}-[0-9a-f]{32}\\.webp$`));
    // Three saves within the delay joined one job, which drew the newest document.
    expect(await until(() => jobs(first.id), allCompleted)).toEqual(['completed']);
    expect((await thumbnailRow(first.id))?.sourceHash.startsWith(last.hash)).toBe(true);

    const res = await fetchMedia(row!.thumbnailUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    const { width, height, pixels } = await decode(res.rawPayload);
    expect([width, height]).toEqual([480, 270]);
    // Not blank: the caption's light pixels stand out of the dark background.
    const lightness: number[] = [];
    for (let i = 0; i < pixels.length; i += 4) lightness.push(pixels[i]! + pixels[i + 1]! + pixels[i + 2]!);
    const bright = lightness.filter((l) => l > 600).length;
    expect(bright).toBeGreaterThan(200);
    expect(bright).toBeLessThan(lightness.length / 2);
  });

  it('draws nothing for an unchanged save and replaces the poster of a changed one', async () => {
    const data = captioned('Same again');
    const project = await save(data);
    await until(() => jobs(project.id), allCompleted);
    const drawn = await thumbnailRow(project.id);
    expect(drawn).toBeDefined();

    await save(data, project.id);
    expect(
      await until(
        () => jobs(project.id),
        (s) => s.length === 2 && allCompleted(s),
      ),
    ).toHaveLength(2);
    expect(await thumbnailRow(project.id)).toEqual(drawn);

    await save(captioned('Something else entirely'), project.id);
    const replaced = await until(
      () => thumbnailRow(project.id),
      (row) => row?.fileKey !== drawn!.fileKey,
    );
    // The job removes the old poster after it records the new one: the check waits for its end.
    await until(
      () => jobs(project.id),
      (s) => s.length === 3 && allCompleted(s),
    );
    expect(await t.app.files.exists(replaced!.fileKey)).toBe(true);
    expect(await t.app.files.exists(drawn!.fileKey)).toBe(false);
    expect((await fetchMedia(`/media/${drawn!.fileKey}`)).statusCode).toBe(404);
    expect((await listed(me, project.id))?.thumbnailUrl).toBe(`/media/${replaced!.fileKey}`);
  });

  it('draws the poster of a patched project (the editor’s auto-save)', async () => {
    const data = captioned('Before the patch');
    const project = await save(data);
    const first = await until(
      () => thumbnailRow(project.id),
      (row) => !!row,
    );
    const next = structuredClone(data);
    next.video.frames[0]!.background = { ...next.video.frames[0]!.background!, color: '#2255aa' };
    const patched = await me.post(`${P}/patch`, {
      id: project.id,
      diff: JSON.stringify(createPatch(data, next)),
      hash: await hashDocument(next),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const second = await until(
      () => thumbnailRow(project.id),
      (row) => row?.fileKey !== first!.fileKey,
    );
    expect(second?.sourceHash.startsWith(patched.json().hash)).toBe(true);
  });

  it('draws the poster after a render when the project has none', { timeout: 150_000 }, async () => {
    const project = await save(captioned('Rendered'));
    await until(() => jobs(project.id), allCompleted);
    // As for a project saved before thumbnails existed: no poster at all.
    const before = await thumbnailRow(project.id);
    await t.app.db.delete(projectThumbnails).where(eq(projectThumbnails.projectId, project.id));
    await t.app.files.remove(before!.fileKey);
    expect((await listed(me, project.id))?.thumbnailUrl).toBeUndefined();

    const queued = await queueRender(t.app.db, t.app.queue, {
      userId,
      projectId: project.id,
      settings: { timeoutSeconds: 300, fps: 10 },
    });
    const render = await waitForRender(
      () => renderStatus(t.app.db, { userId, renderJobId: queued.id }),
      (row) => row.status === 'done' || row.status === 'failed',
    );
    expect(render.status).toBe('done');
    const after = await until(
      () => thumbnailRow(project.id),
      (row) => !!row,
    );
    expect(after?.fileKey).toBe(before!.fileKey);
    expect(await t.app.files.exists(after!.fileKey)).toBe(true);
  });

  it('lists the poster to its owner only and deletes it with the project', async () => {
    const project = await save(captioned('Mine'));
    const mine = await until(
      () => listed(me, project.id),
      (p) => !!p?.thumbnailUrl,
    );
    const other = requestsAs(t.app, (await buildMember(t.app)).cookie);
    expect(await listed(other, project.id)).toBeUndefined();
    const key = mine!.thumbnailUrl!.slice('/media/'.length);

    expect((await me.post(`${P}/remove`, { id: project.id })).statusCode).toBe(200);
    expect(await t.app.files.exists(key)).toBe(false);
    expect(await thumbnailRow(project.id)).toBeUndefined();
  });

  it('fetches remote media as renders do, and draws no poster when one is missing', async () => {
    const picture = (url: string) =>
      smallProject(2, [
        {
          id: 'pic',
          type: 'image',
          timing: { start: 0, stop: 2 },
          box: { left: 0, top: 0, width: 1, height: 1 },
          url,
        },
        createTextItem('t1', 'Over red'),
      ] as never);
    const project = await save(picture(`${mediaBase}/red.png`));
    const drawn = await until(
      () => thumbnailRow(project.id),
      (row) => !!row,
    );
    const { width, height, pixels } = await decode((await fetchMedia(`/media/${drawn!.fileKey}`)).rawPayload);
    const corner = [...pixels.subarray(0, 3)];
    expect(corner[0]).toBeGreaterThan(150);
    expect(corner[1]! + corner[2]!).toBeLessThan(80);
    expect([width, height]).toEqual([480, 270]);

    // A picture that cannot be had: the job ends without retrying and the earlier poster stays.
    await save(picture(`${mediaBase}/gone.png`), project.id);
    expect(
      await until(
        () => jobs(project.id),
        (s) => s.length === 2 && allCompleted(s),
      ),
    ).toHaveLength(2);
    expect(await thumbnailRow(project.id)).toEqual(drawn);
  });

  it('keeps no poster of the reserved project', async () => {
    const res = await me.post(`${P}/save`, {
      category: 'reserved',
      data_json: JSON.stringify(captioned('Scratch')),
    });
    const { id } = res.json() as { id: number };
    // A save queues its poster before it answers: nothing queued now means nothing ever.
    expect(await jobs(id)).toEqual([]);
    expect(await thumbnailRow(id)).toBeUndefined();
  });
});
