import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createTextItem } from '@reelwright/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { probeMedia } from '../ffmpeg/probe';
import { saveProject } from '../projects/service';
import { smallProject, waitFor } from './fixtures';
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

  it('renders in chunks on the in-process queue and stores only the joined MP4', { timeout: 150_000 }, async () => {
    const { member } = await buildMember(t.app);
    const project = await saveProject(t.app.db, {
      userId: member.id,
      input: { name: 'Long', category: 'project', data_json: JSON.stringify(smallProject(5)) },
    });
    const settings = { timeoutSeconds: 300, fps: 10 };
    const queued = await queueRender(t.app.db, t.app.queue, { userId: member.id, projectId: project.id, settings });
    const read = () => renderStatus(t.app.db, { userId: member.id, renderJobId: queued.id });
    const row = await waitFor(read, (r) => r.status === 'done' || r.status === 'failed');
    expect(row).toMatchObject({ status: 'done', progress: 1, error: null });

    const chunks = await t.app.db.select().from(renderChunks).where(eq(renderChunks.renderJobId, queued.id));
    expect(chunks.map((c) => [c.index, c.firstFrame, c.endFrame, c.status])).toEqual([
      [0, 0, 17, 'done'],
      [1, 17, 33, 'done'],
      [2, 33, 50, 'done'],
    ]);
    const files = path.join(t.config.dataDir, 'files');
    const probe = await probeMedia(path.join(files, row.outputPath as string), { countFrames: true });
    expect(probe.duration).toBeCloseTo(5, 1);
    expect(probe.streams.find((s) => s.type === 'video')).toMatchObject({ width: 320, height: 180, frames: 50 });
    expect(probe.streams.some((s) => s.type === 'audio')).toBe(true);
    expect(existsSync(path.join(files, row.thumbnailPath as string))).toBe(true);
    // The chunks' segments are deleted once the MP4 is stored.
    const chunkDir = path.join(files, 'renders', queued.publicId);
    const left = existsSync(chunkDir) ? readdirSync(chunkDir, { recursive: true, withFileTypes: true }) : [];
    expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
  });

  it('fails the render once when a chunk cannot load its media, storing nothing', { timeout: 150_000 }, async () => {
    const { member } = await buildMember(t.app);
    const data = smallProject(5, [
      createTextItem('t1', 'Broken'),
      {
        id: 'pic',
        type: 'image',
        timing: { start: 0, stop: 5 },
        box: { left: 0, top: 0, width: 1, height: 1 },
        url: 'no-such-file.png',
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
