import { existsSync } from 'node:fs';
import path from 'node:path';
import { createTextItem } from '@reelwright/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { probeMedia } from '../ffmpeg/probe';
import { saveProject } from '../projects/service';
import { slidesProject, waitFor } from './fixtures';
import { queueRender, renderStatus } from './service';
import { renderChunks } from './tables';

/**
 * D76 on the embedded default (one process, PGlite, files on disk): a video over
 * RENDER_CHUNK_SECONDS is split into chunk jobs on the in-process queue and joined. The
 * two-process case against PostgreSQL and S3 is split-workers.test.ts.
 */
describe('a long video on the embedded default', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite', { RENDER_CHUNK_SECONDS: '2' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renders whole segments in chunks on the in-process queue and joins them', { timeout: 150_000 }, async () => {
    const { member } = await buildMember(t.app);
    const project = await saveProject(t.app.db, {
      userId: member.id,
      input: { name: 'Long', category: 'project', data_json: JSON.stringify(slidesProject(3, 2)) },
    });
    const settings = { timeoutSeconds: 300, fps: 10 };
    const queued = await queueRender(t.app.db, t.app.queue, { userId: member.id, projectId: project.id, settings });
    const read = () => renderStatus(t.app.db, { userId: member.id, renderJobId: queued.id });
    const row = await waitFor(read, (r) => r.status === 'done' || r.status === 'failed');
    expect(row).toMatchObject({ status: 'done', progress: 1, error: null });

    const chunks = await t.app.db.select().from(renderChunks).where(eq(renderChunks.renderJobId, queued.id));
    expect(chunks.map((c) => [c.index, c.firstFrame, c.endFrame, c.status])).toEqual([
      [0, 0, 20, 'done'],
      [1, 20, 40, 'done'],
      [2, 40, 60, 'done'],
    ]);
    // The chunks drew every segment; the join drew none (it takes them from the segment store).
    expect(row).toMatchObject({ framesDone: 60, framesTotal: 60, segmentsReused: 0, segmentsTotal: 3 });
    const files = path.join(t.config.dataDir, 'files');
    const probe = await probeMedia(path.join(files, row.outputPath as string), { countFrames: true });
    expect(probe.duration).toBeCloseTo(6, 1);
    expect(probe.streams.find((s) => s.type === 'video')).toMatchObject({ width: 320, height: 180, frames: 60 });
    expect(probe.streams.some((s) => s.type === 'audio')).toBe(true);
    expect(existsSync(path.join(files, row.thumbnailPath as string))).toBe(true);
  });

  it('fails the render once when a chunk cannot load its media, storing nothing', { timeout: 150_000 }, async () => {
    const { member } = await buildMember(t.app);
    const data = slidesProject(3, 2, [
      createTextItem('t1', 'Broken'),
      {
        id: 'pic',
        type: 'image',
        timing: { start: 0, stop: 2 },
        box: { left: 0, top: 0, width: 1, height: 1 },
        url: '/media/generated/no-such-file.png',
      },
    ] as never);
    const project = await saveProject(t.app.db, {
      userId: member.id,
      input: { name: 'Broken', category: 'project', data_json: JSON.stringify(data) },
    });
    const settings = { timeoutSeconds: 300, fps: 10 };
    const queued = await queueRender(t.app.db, t.app.queue, { userId: member.id, projectId: project.id, settings });
    const read = () => renderStatus(t.app.db, { userId: member.id, renderJobId: queued.id });
    const row = await waitFor(read, (r) => r.status === 'done' || r.status === 'failed');
    expect(row).toMatchObject({ status: 'failed', outputPath: null });
    expect(row.error).toMatch(/no-such-file\.png/);
    expect(row.notifiedAt).not.toBeNull();
    const chunks = await t.app.db.select().from(renderChunks).where(eq(renderChunks.renderJobId, queued.id));
    expect(chunks.some((c) => c.status === 'failed')).toBe(true);
    expect(chunks.every((c) => c.status !== 'done')).toBe(true);
    expect(existsSync(path.join(t.config.dataDir, 'files', `renders/${queued.publicId}.mp4`))).toBe(false);
  });
});
