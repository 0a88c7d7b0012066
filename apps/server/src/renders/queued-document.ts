/**
 * The document a render was queued with (issue 31, finding 7): kept beside its row from queueing
 * until it settles, so an edit saved before a worker takes the job cannot change the video, and
 * a finished render matched by its `dataHash` is that content.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loadProject } from '../projects/service';
import { InvalidProjectDocumentError } from '../render/render-cli';
import { type RenderJobRow, renderDocuments } from './tables';

/** Keeps the project document a render was queued with. */
export async function keepQueuedDocument(db: Db, renderJobId: number, data: unknown): Promise<void> {
  await db.insert(renderDocuments).values({ renderJobId, data }).onConflictDoNothing();
}

/**
 * The document to render. A render queued before documents were kept has none: it takes the
 * project as saved only while that is still the queued content, and otherwise fails for good.
 */
export async function queuedDocument(db: Db, job: RenderJobRow): Promise<unknown> {
  const [kept] = await db.select().from(renderDocuments).where(eq(renderDocuments.renderJobId, job.id)).limit(1);
  if (kept) return kept.data;
  const project = await loadProject(db, { userId: job.userId, query: { id: job.projectId } });
  if (project.dataHash !== job.dataHash) {
    throw new InvalidProjectDocumentError(['The project was edited after this render was queued: publish it again.']);
  }
  return project.data;
}

/** Forgets the document of a settled render (done or failed: nothing renders it again). */
export async function dropQueuedDocument(db: Db, renderJobId: number): Promise<void> {
  await db.delete(renderDocuments).where(eq(renderDocuments.renderJobId, renderJobId));
}
