/**
 * Render jobs as members and the app see them: queue a render of a project, read its status.
 * The work itself is `RenderProjectJob`.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { loadProject } from '../../projects/service';
import type { Boss } from './boss';
import { RenderProjectJob } from './render-project-job';
import { type RenderJobRow, renderJobs } from './tables';

/**
 * Queues a render of the member's project (a 404 when it is not theirs). Idempotent: while a
 * render of the same project and content is queued or rendering, that job is returned instead
 * of a second one (a unique partial index decides races).
 */
export async function queueRender(
  db: Db,
  boss: Boss,
  options: { userId: number; projectId: number; settings: RenderJobSettings },
): Promise<RenderJobRow> {
  const project = await loadProject(db, { userId: options.userId, query: { id: options.projectId } });
  const [created] = await db
    .insert(renderJobs)
    .values({ userId: options.userId, projectId: project.id, dataHash: project.dataHash })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    const [active] = await db
      .select()
      .from(renderJobs)
      .where(
        and(
          eq(renderJobs.projectId, project.id),
          eq(renderJobs.dataHash, project.dataHash),
          inArray(renderJobs.status, ['queued', 'rendering']),
        ),
      )
      .limit(1);
    if (active) return active;
    // It finished between the insert and the select: queue a fresh one.
    return queueRender(db, boss, options);
  }
  try {
    const bossJobId = await RenderProjectJob.enqueue(
      boss,
      { renderJobId: created.id, fps: options.settings.fps },
      options.settings,
    );
    const [row] = await db
      .update(renderJobs)
      .set({ bossJobId, updatedAt: new Date() })
      .where(eq(renderJobs.id, created.id))
      .returning();
    return row ?? created;
  } catch (error) {
    await db
      .update(renderJobs)
      .set({
        status: 'failed',
        error: `Could not queue the render: ${(error as Error).message}`,
        finishedAt: new Date(),
      })
      .where(eq(renderJobs.id, created.id));
    throw error;
  }
}

/** The member's render job by id; someone else's looks exactly like a missing one. */
export async function renderStatus(db: Db, options: { userId: number; renderJobId: number }): Promise<RenderJobRow> {
  const [row] = await db
    .select()
    .from(renderJobs)
    .where(and(eq(renderJobs.id, options.renderJobId), eq(renderJobs.userId, options.userId)))
    .limit(1);
  if (!row) throw notFound('No such render.');
  return row;
}

/** What a render attempt may take and how it is retried. */
export type RenderJobSettings = { timeoutSeconds: number; fps?: number };
