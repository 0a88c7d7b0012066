/**
 * Render jobs as members and the app see them: queue a render of a project, read its status.
 * The work itself is `RenderProjectJob`; the plan's quota and rules are the publish domain's.
 */
import { randomBytes } from 'node:crypto';
import type { PublishAction, PublishRules } from '@reelwright/core';
import { and, count, desc, eq, gte, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import type { Boss } from '../plugins/queue';
import { loadProject } from '../projects/service';
import type { FileStore } from '../storage';
import { captionKey } from './captions';
import { RenderProjectJob } from './job';
import { keepQueuedDocument } from './queued-document';
import { type RenderJobRow, type RenderStatus, renderJobs } from './tables';

export { CAPTION_CONTENT_TYPES, type CaptionFormat, captionKey } from './captions';
export type { RenderJobRow } from './tables';

/** What a render attempt may take and how it is retried. */
export type RenderJobSettings = { timeoutSeconds: number; fps?: number };

/** A render request: whose, which project, where to send the link, under which plan rules, how large. */
export type RenderRequest = {
  userId: number;
  projectId: number;
  email?: string | null;
  action?: PublishAction;
  rules?: PublishRules;
  /** Pixels on the video's short side; the movie's own size when absent. */
  shortSide?: number;
};

/**
 * 24 random bytes in base64url: the unguessable name of a render's public files (DESIGN §9). It
 * names stored files, whose names start with a letter or digit (`assertFileKey`), so an id that
 * would start with '-' or '_' is drawn again.
 */
export function newPublicId(): string {
  for (;;) {
    const id = randomBytes(24).toString('base64url');
    if (/^[A-Za-z0-9]/.test(id)) return id;
  }
}

/**
 * Records a render of the member's project (a 404 when it is not theirs), or finds the one
 * already queued or rendering for the same content (a unique partial index decides races).
 * `created` tells which; a created row still has to be `enqueueRender`ed.
 */
export async function createRenderJob(
  db: Db,
  request: RenderRequest,
): Promise<{ row: RenderJobRow; created: boolean }> {
  const project = await loadProject(db, { userId: request.userId, query: { id: request.projectId } });
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(renderJobs)
      .values({
        userId: request.userId,
        projectId: project.id,
        dataHash: project.dataHash,
        publicId: newPublicId(),
        email: request.email ?? null,
        action: request.action ?? 'download',
        watermarkForced: request.rules?.watermarkForced ?? false,
        maxSeconds: request.rules?.maxSeconds ?? null,
        shortSide: request.shortSide ?? 0,
      })
      .onConflictDoNothing()
      .returning();
    // What the job will render: the document as it is now, not as it is when a worker starts.
    if (row) await keepQueuedDocument(tx, row.id, project.data);
    return row;
  });
  if (created) return { row: created, created: true };
  const [active] = await db
    .select()
    .from(renderJobs)
    .where(
      and(
        eq(renderJobs.projectId, project.id),
        eq(renderJobs.dataHash, project.dataHash),
        sameShortSide(request.shortSide),
        inArray(renderJobs.status, ['queued', 'rendering']),
      ),
    )
    .limit(1);
  if (active) return { row: active, created: false };
  // It finished between the insert and the select: record a fresh one.
  return createRenderJob(db, request);
}

const sameShortSide = (shortSide: number | undefined) => eq(renderJobs.shortSide, shortSide ?? 0);

/**
 * A finished render whose input equals the request's: the same project content, plan rules and
 * size. Its MP4 is what a new render would make, so it is answered instead (issue: renders of
 * an unchanged video).
 */
export async function finishedRenderOf(
  db: Db,
  request: { projectId: number; dataHash: string; rules: PublishRules; shortSide?: number },
): Promise<RenderJobRow | undefined> {
  const { rules } = request;
  const [row] = await db
    .select()
    .from(renderJobs)
    .where(
      and(
        eq(renderJobs.projectId, request.projectId),
        eq(renderJobs.dataHash, request.dataHash),
        eq(renderJobs.status, 'done'),
        eq(renderJobs.watermarkForced, rules.watermarkForced),
        rules.maxSeconds === null ? isNull(renderJobs.maxSeconds) : eq(renderJobs.maxSeconds, rules.maxSeconds),
        sameShortSide(request.shortSide),
      ),
    )
    .orderBy(desc(renderJobs.id))
    .limit(1);
  return row;
}

/** Hands a recorded render to the queue; if the queue refuses, the row is failed with the reason. */
export async function enqueueRender(
  db: Db,
  boss: Boss,
  row: RenderJobRow,
  settings: RenderJobSettings,
): Promise<RenderJobRow> {
  try {
    const bossJobId = await RenderProjectJob.enqueue(boss, { renderJobId: row.id, fps: settings.fps }, settings);
    const [updated] = await db
      .update(renderJobs)
      .set({ bossJobId, updatedAt: new Date() })
      .where(eq(renderJobs.id, row.id))
      .returning();
    return updated ?? row;
  } catch (error) {
    await db
      .update(renderJobs)
      .set({
        status: 'failed',
        error: `Could not queue the render: ${(error as Error).message}`,
        finishedAt: new Date(),
      })
      .where(eq(renderJobs.id, row.id));
    throw error;
  }
}

/** Records and queues a render; idempotent while the same content is queued or rendering. */
export async function queueRender(
  db: Db,
  boss: Boss,
  request: RenderRequest & { settings: RenderJobSettings },
): Promise<RenderJobRow> {
  const { row, created } = await createRenderJob(db, request);
  return created ? enqueueRender(db, boss, row, request.settings) : row;
}

/** The member's render job by id; someone else's looks exactly like a missing one. */
export async function renderStatus(db: Db, options: { userId: number; renderJobId: number }): Promise<RenderJobRow> {
  const row = await memberRender(db, options);
  if (!row) throw notFound('No such render.');
  return row;
}

/**
 * A render's status as members and the API see it. Lookups leave out deleted videos' rows, so one
 * reaching an answer is a render that no longer exists: a 404.
 */
export function shownStatus(row: RenderJobRow): Exclude<RenderStatus, 'deleted'> {
  if (row.status === 'deleted') throw notFound('No such render.');
  return row.status;
}

/** One of the member's renders, unless it is someone else's or its video was deleted. */
export async function memberRender(
  db: Db,
  options: { userId: number; renderJobId: number },
): Promise<RenderJobRow | undefined> {
  const [row] = await db
    .select()
    .from(renderJobs)
    .where(
      and(
        eq(renderJobs.id, options.renderJobId),
        eq(renderJobs.userId, options.userId),
        ne(renderJobs.status, 'deleted'),
      ),
    )
    .limit(1);
  return row;
}

/** The project's newest render in each state that matters to a download: the last good one and any in progress. */
export async function projectRenders(
  db: Db,
  projectId: number,
): Promise<{ latestDone: RenderJobRow | undefined; active: RenderJobRow | undefined }> {
  const rows = await db
    .select()
    .from(renderJobs)
    .where(and(eq(renderJobs.projectId, projectId), inArray(renderJobs.status, ['done', 'queued', 'rendering'])))
    .orderBy(desc(renderJobs.id))
    .limit(20);
  return {
    latestDone: rows.find((r) => r.status === 'done'),
    active: rows.find((r) => r.status !== 'done'),
  };
}

/** Renders the member queued since `since` that count against the quota: failed ones do not. */
export async function rendersSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(renderJobs)
    .where(and(eq(renderJobs.userId, userId), gte(renderJobs.createdAt, since), ne(renderJobs.status, 'failed')));
  return row?.n ?? 0;
}

/** Sends a render's link to another address, or null when it has already been sent. */
export async function changeRenderEmail(db: Db, renderJobId: number, email: string): Promise<RenderJobRow | null> {
  const [row] = await db
    .update(renderJobs)
    .set({ email, updatedAt: new Date() })
    .where(and(eq(renderJobs.id, renderJobId), isNull(renderJobs.notifiedAt)))
    .returning();
  return row ?? null;
}

/** A finished render by its public id (the name of its files). */
export async function finishedRenderByPublicId(db: Db, publicId: string): Promise<RenderJobRow | undefined> {
  const [row] = await db
    .select()
    .from(renderJobs)
    .where(and(eq(renderJobs.publicId, publicId), eq(renderJobs.status, 'done')))
    .limit(1);
  return row;
}

/** The member's finished renders (their videos), newest first. */
export async function memberVideos(db: Db, userId: number): Promise<RenderJobRow[]> {
  return db
    .select()
    .from(renderJobs)
    .where(and(eq(renderJobs.userId, userId), eq(renderJobs.status, 'done')))
    .orderBy(desc(renderJobs.id))
    .limit(500);
}

/** One of the member's finished renders; someone else's, or one not done, is a 404. */
export async function memberVideo(db: Db, options: { userId: number; id: number }): Promise<RenderJobRow> {
  const [row] = await db
    .select()
    .from(renderJobs)
    .where(and(eq(renderJobs.id, options.id), eq(renderJobs.userId, options.userId), eq(renderJobs.status, 'done')))
    .limit(1);
  if (!row?.outputPath) throw notFound('No such video: list your videos with GET /api/v1/videos.');
  return row;
}

/**
 * Deletes one of the member's videos: the row is kept as 'deleted' (it still counts against the
 * day's quota, and its public links answer 404 at once), then its MP4, thumbnail and captions are
 * removed from the store. Another member's id, or a video already deleted, is a 404.
 */
export async function deleteMemberVideo(
  db: Db,
  files: FileStore,
  options: { userId: number; id: number },
): Promise<{ id: number }> {
  const video = await memberVideo(db, options);
  const [deleted] = await db
    .update(renderJobs)
    .set({ status: 'deleted', outputPath: null, thumbnailPath: null, updatedAt: new Date() })
    .where(and(eq(renderJobs.id, video.id), eq(renderJobs.status, 'done')))
    .returning({ id: renderJobs.id });
  if (!deleted) throw notFound('No such video: list your videos with GET /api/v1/videos.');
  const keys = [
    video.outputPath,
    video.thumbnailPath,
    captionKey(video.publicId, 'srt'),
    captionKey(video.publicId, 'vtt'),
  ];
  await Promise.all(keys.flatMap((key) => (key ? [files.remove(key)] : [])));
  return deleted;
}
