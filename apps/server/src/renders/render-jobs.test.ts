import { existsSync } from 'node:fs';
import path from 'node:path';
import { createTextItem, type ProjectData } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { probeMedia } from '../ffmpeg/probe';
import { saveProject } from '../projects/service';
import { smallProject, waitFor } from './fixtures';
import { queueRender, renderStatus } from './service';
import type { RenderJobRow } from './tables';

describe.each(DB_KINDS)('render queue on %s', (kind) => {
  let t: TestApp;
  let userId: number;
  const settings = { timeoutSeconds: 300, fps: 10 };
  /** Renders start worker threads; on a loaded 2-core machine (the whole suite running) that takes a while. */
  const RENDER_TEST = { timeout: 150_000 };

  beforeAll(async () => {
    t = await createTestApp(kind);
    userId = (await buildMember(t.app)).member.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = async (data: ProjectData, id?: number) =>
    saveProject(t.app.db, {
      userId,
      input: { id, name: 'Queued', category: 'project', data_json: JSON.stringify(data) },
    });
  const status = (renderJobId: number) => () => renderStatus(t.app.db, { userId, renderJobId });
  const finished = (row: RenderJobRow) => row.status === 'done' || row.status === 'failed';
  /** Where the disk store keeps a stored file. */
  const stored = (key: string | null) => path.join(t.config.dataDir, 'files', key ?? 'missing');

  it('renders a queued project to an MP4, once however often it is queued', RENDER_TEST, async () => {
    const project = await save(smallProject(2));
    const queued = await queueRender(t.app.db, t.app.queue, { userId, projectId: project.id, settings });
    const again = await queueRender(t.app.db, t.app.queue, { userId, projectId: project.id, settings });
    expect(again.id).toBe(queued.id);
    expect(queued.bossJobId).toBeTruthy();

    const row = await waitFor(status(queued.id), finished);
    expect(row).toMatchObject({ status: 'done', progress: 1, error: null });
    expect(row.outputPath).toBe(`renders/${queued.publicId}.mp4`);
    expect(row.thumbnailPath).toBe(`renders/${queued.publicId}.jpg`);
    expect(existsSync(stored(row.thumbnailPath))).toBe(true);
    const probe = await probeMedia(stored(row.outputPath));
    expect(probe.duration).toBeCloseTo(2, 0);
    expect(probe.streams.find((s) => s.type === 'video')).toMatchObject({ width: 320, height: 180 });
    expect(row.bytes).toBe(probe.size);
    expect(row.duration).toBeCloseTo(2, 5);
    expect(row.renderSeconds).toBeGreaterThan(0);

    expect(row).toMatchObject({ framesDone: 20, framesTotal: 20, segmentsReused: 0, segmentsTotal: 1 });

    // Done, so a new request renders again: its one segment comes from the segment store.
    const next = await queueRender(t.app.db, t.app.queue, { userId, projectId: project.id, settings });
    expect(next.id).not.toBe(queued.id);
    const rerun = await waitFor(status(next.id), finished);
    expect(rerun).toMatchObject({ status: 'done', framesDone: 20, segmentsReused: 1, segmentsTotal: 1 });
  });

  it('gives another member no reuse of this member’s segments for identical content', RENDER_TEST, async () => {
    const data = smallProject(2);
    const mine = await save(data);
    const first = await waitFor(
      status((await queueRender(t.app.db, t.app.queue, { userId, projectId: mine.id, settings })).id),
      finished,
    );
    expect(first.status).toBe('done');
    const other = (await buildMember(t.app)).member.id;
    const theirs = await saveProject(t.app.db, {
      userId: other,
      input: { name: 'Same', category: 'project', data_json: JSON.stringify(data) },
    });
    const queued = await queueRender(t.app.db, t.app.queue, { userId: other, projectId: theirs.id, settings });
    const row = await waitFor(() => renderStatus(t.app.db, { userId: other, renderJobId: queued.id }), finished);
    expect(row).toMatchObject({ status: 'done', framesDone: 20, segmentsReused: 0, segmentsTotal: 1 });
  });

  it('fails a render whose media is missing and leaves the earlier MP4 alone', RENDER_TEST, async () => {
    const project = await save(smallProject(1));
    const good = await waitFor(
      status((await queueRender(t.app.db, t.app.queue, { userId, projectId: project.id, settings })).id),
      finished,
    );
    expect(good.status).toBe('done');
    const goodFile = stored(good.outputPath);

    const broken = smallProject(1, [
      createTextItem('t1', 'Broken'),
      {
        id: 'pic',
        type: 'image',
        timing: { start: 0, stop: 1 },
        box: { left: 0, top: 0, width: 1, height: 1 },
        url: '/media/generated/no-such-file.png',
      },
    ] as never);
    await save(broken, project.id);
    const queued = await queueRender(t.app.db, t.app.queue, { userId, projectId: project.id, settings });
    const row = await waitFor(status(queued.id), finished);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/no-such-file\.png/);
    expect(row.outputPath).toBeNull();
    expect(existsSync(goodFile)).toBe(true);
    const probe = await probeMedia(goodFile);
    expect(probe.duration).toBeCloseTo(1, 0);
  });

  it('answers 404 for a project that is not the member’s', async () => {
    const other = await buildMember(t.app);
    const project = await save(smallProject(1));
    await expect(
      queueRender(t.app.db, t.app.queue, { userId: other.member.id, projectId: project.id, settings }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
