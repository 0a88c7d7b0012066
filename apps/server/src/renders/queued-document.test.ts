import path from 'node:path';
import type { ProjectData } from '@reelwright/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import type { Member } from '../accounts/service';
import { probeMedia } from '../ffmpeg/probe';
import { saveProject } from '../projects/service';
import { publishProject } from '../publish/service';
import { smallProject } from './fixtures';
import { type RenderJobContext, RenderProjectJob } from './job';
import { renderDocuments } from './tables';

/**
 * Issue 31 finding 7: a render draws the document as it was when queued. The project is edited
 * after its render was queued and before a worker takes it; the MP4 is still the queued version,
 * and publishing that version again answers this render, while the edit gets one of its own.
 * No worker runs in the app: the test performs the job itself, after the edit.
 */
describe.each(DB_KINDS)('a render of an edited project on %s', (kind) => {
  let t: TestApp;
  let member: Member;
  let context: RenderJobContext;

  beforeAll(async () => {
    t = await createTestApp(kind, { RENDER_WORKERS_IN_PROCESS: '0' });
    member = (await buildMember(t.app, { plan: 'paid' })).member;
    context = {
      db: t.app.db,
      dataDir: t.config.dataDir,
      files: t.app.files,
      fetchPolicy: t.config.fetch,
      segments: t.config.render.segments,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = (data: ProjectData, id?: number) =>
    saveProject(t.app.db, {
      userId: member.id,
      input: { id, name: 'Edited', category: 'project', data_json: JSON.stringify(data) },
    });
  const publish = (pid: number) =>
    publishProject(t.app.db, t.app.queue, t.config, member, { pid, email: null, action: 'download', quality: '720p' });
  const render = (renderJobId: number) => RenderProjectJob.perform(context, { renderJobId, fps: 10 });
  const durationOf = async (key: string | null | undefined) =>
    (await probeMedia(path.join(t.config.dataDir, 'files', key ?? 'missing'))).duration;

  it('renders what was queued, and reuses it only for that content', { timeout: 150_000 }, async () => {
    const project = await save(smallProject(2));
    const queued = await publish(project.id);
    await save(smallProject(3), project.id);

    const done = await render(queued.id);
    expect(done).toMatchObject({ status: 'done', dataHash: queued.dataHash });
    expect(await durationOf(done?.outputPath)).toBeCloseTo(2, 0);
    // Settled, the render no longer keeps its document.
    expect(await t.app.db.select().from(renderDocuments).where(eq(renderDocuments.renderJobId, queued.id))).toEqual([]);

    // The edit is other content: a render of its own.
    const edited = await publish(project.id);
    expect(edited.id).not.toBe(queued.id);
    expect(edited.status).toBe('queued');

    // Back to the queued version: the finished render is answered, and it is that version.
    await save(smallProject(2), project.id);
    const again = await publish(project.id);
    expect(again.id).toBe(queued.id);
    expect(await durationOf(again.outputPath)).toBeCloseTo(2, 0);

    // The edit's render, taken after the project went back, is still the edit.
    const editedDone = await render(edited.id);
    expect(editedDone?.status).toBe('done');
    expect(await durationOf(editedDone?.outputPath)).toBeCloseTo(3, 0);
  });
});
