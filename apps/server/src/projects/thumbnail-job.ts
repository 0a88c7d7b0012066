/**
 * `ProjectThumbnailJob` (STYLE 13, D69): draws a project's poster frame after saves and renders
 * and keeps it as the project's thumbnail. Requests are coalesced by the queue: the queue's
 * 'stately' policy holds at most one waiting job per project, sent to start after a delay, so a
 * burst of auto-saves joins one job that draws the document as it is when it runs. The poster is
 * keyed by the document's hash, so an unchanged project draws nothing; a new poster replaces the
 * old file. `perform` is safe to run twice.
 */
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MovieSchema, type ProjectData, RESERVED_PROJECT_CATEGORY } from '@reelwright/core';
import { eq } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { Db } from '../db/client';
import { assertMovieMediaUsable, MediaRefusedError } from '../media/service';
import type { FetchPolicy } from '../net/guarded-fetch';
import type { Boss } from '../plugins/queue';
import { createMediaResolver } from '../render/media-resolver';
import { MissingAssetsError } from '../render/pipeline';
import { drawPoster, NoSlidesError, POSTER_VERSION } from '../render/poster';
import { UnsupportedSourceError } from '../render/sources';
import type { FileStore } from '../storage';
import { projects, projectThumbnails } from './tables';

export type ProjectThumbnailProps = { projectId: number };

const QUEUE = 'project-thumbnail';
/** Attempts after the first, for passing failures (a media host that did not answer). */
const RETRY_LIMIT = 2;
const RETRY_DELAY = 10;
/** One poster takes well under a second; this bounds a stuck or dead worker. */
const TIMEOUT_SECONDS = 5 * 60;

export type ThumbnailJobContext = {
  db: Db;
  files: FileStore;
  /** Downloads and stored media copies are cached in `<dataDir>/cache/media`. */
  dataDir: string;
  /** What fetches of the project's remote media may reach (config.fetch), as for renders. */
  fetchPolicy: FetchPolicy;
  log?: (message: string) => void;
};

/** What a run did, for tests and logs. */
export type ThumbnailOutcome = 'drawn' | 'unchanged' | 'gone' | 'failed';

/** Failures drawing again cannot fix: the project itself is broken; its next save tries again. */
const isPermanent = (error: unknown) =>
  error instanceof MediaRefusedError ||
  error instanceof MissingAssetsError ||
  error instanceof UnsupportedSourceError ||
  error instanceof NoSlidesError ||
  error instanceof ZodError;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What a poster is drawn from: the document and the poster rule (a new rule draws every poster again). */
const sourceHashOf = (dataHash: string) => `${dataHash}.v${POSTER_VERSION}`;

/** Queues known to exist, per queue client: a save should not ask pg-boss about its queue each time. */
const prepared = new WeakSet<Boss>();

/**
 * When each poster job this process queued will start (ms since the epoch), per queue client.
 * Until then the job is surely still waiting and will draw the newest document, so a request
 * meanwhile need not ask the queue (an insert the queue refuses: a round trip, and on PGlite a
 * commit, on every autosave). A second before the start the queue is asked again, so clock skew
 * between this process and the database cannot make a save miss its poster.
 */
const waitingUntil = new WeakMap<Boss, Map<number, number>>();
const WAITING_MARGIN_MS = 1000;
/** Past this many remembered jobs, the ones that have started are forgotten. */
const WAITING_SWEEP_SIZE = 1000;

function waitingJobs(boss: Boss): Map<number, number> {
  const jobs = waitingUntil.get(boss) ?? new Map<number, number>();
  waitingUntil.set(boss, jobs);
  return jobs;
}

export const ProjectThumbnailJob = {
  queue: QUEUE,

  async prepare(boss: Boss): Promise<void> {
    if (prepared.has(boss)) return;
    if (!(await boss.getQueue(QUEUE))) await boss.createQueue(QUEUE, { name: QUEUE, policy: 'stately' });
    prepared.add(boss);
  },

  /**
   * Asks for the project's poster in `delaySeconds`. While a job for the project waits, pg-boss
   * refuses another (null), and a job this process queued is not asked for again until it is
   * about to start: that job will draw the newest document.
   */
  async request(boss: Boss, projectId: number, delaySeconds: number): Promise<string | null> {
    const jobs = waitingJobs(boss);
    const now = Date.now();
    if ((jobs.get(projectId) ?? 0) - WAITING_MARGIN_MS > now) return null;
    await ProjectThumbnailJob.prepare(boss);
    const id = await boss.send(QUEUE, { projectId } satisfies ProjectThumbnailProps, {
      singletonKey: String(projectId),
      startAfter: delaySeconds,
      retryLimit: RETRY_LIMIT,
      retryDelay: RETRY_DELAY,
      retryBackoff: true,
      expireInSeconds: TIMEOUT_SECONDS,
    });
    if (id !== null) {
      if (jobs.size >= WAITING_SWEEP_SIZE) {
        for (const [project, until] of jobs) if (until <= now) jobs.delete(project);
      }
      jobs.set(projectId, now + delaySeconds * 1000);
    }
    return id;
  },

  /** Draws and stores the poster of the project's current document, unless it already has it. */
  async perform(context: ThumbnailJobContext, props: ProjectThumbnailProps): Promise<ThumbnailOutcome> {
    const { db, files } = context;
    const [project] = await db
      .select({
        userId: projects.userId,
        category: projects.category,
        data: projects.data,
        dataHash: projects.dataHash,
      })
      .from(projects)
      .where(eq(projects.id, props.projectId));
    if (!project || project.category === RESERVED_PROJECT_CATEGORY) return 'gone';
    const sourceHash = sourceHashOf(project.dataHash);
    const [current] = await db.select().from(projectThumbnails).where(eq(projectThumbnails.projectId, props.projectId));
    if (current?.sourceHash === sourceHash && (await files.exists(current.fileKey))) return 'unchanged';

    let poster: Awaited<ReturnType<typeof drawPoster>>;
    try {
      const movie = MovieSchema.parse((project.data as ProjectData).video);
      // The poster is public: a project saved before the media rule must not draw what a save would refuse now.
      await assertMovieMediaUsable(db, project.userId, movie);
      poster = await drawPoster({
        movie,
        resolveMedia: createMediaResolver({
          files,
          cacheDir: path.join(context.dataDir, 'cache', 'media'),
          policy: context.fetchPolicy,
        }),
      });
    } catch (error) {
      if (!isPermanent(error)) throw error;
      // The list keeps the earlier poster; the member's next save (or render) tries again.
      context.log?.(`thumbnail of project ${props.projectId} not drawn: ${message(error)}`);
      return 'failed';
    }

    // Named by its bytes: an address never shows two pictures, so browsers may cache it for good.
    const digest = createHash('sha256').update(poster.image).digest('hex').slice(0, 32);
    const fileKey = `thumbnails/${props.projectId}-${digest}.webp`;
    const workFile = path.join(context.dataDir, 'tmp', 'thumbnails', `${props.projectId}-${digest}.webp`);
    await mkdir(path.dirname(workFile), { recursive: true });
    try {
      await writeFile(workFile, poster.image);
      await files.put(fileKey, workFile, poster.contentType);
    } finally {
      await rm(workFile, { force: true });
    }
    const row = { sourceHash, fileKey, width: poster.width, height: poster.height, drawnAt: new Date() };
    try {
      await db
        .insert(projectThumbnails)
        .values({ projectId: props.projectId, ...row })
        .onConflictDoUpdate({ target: projectThumbnails.projectId, set: row });
    } catch (error) {
      // The project was deleted while its poster was drawn (the foreign key refuses the row).
      await files.remove(fileKey);
      const [still] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, props.projectId));
      if (!still) return 'gone';
      throw error;
    }
    if (current && current.fileKey !== fileKey) await files.remove(current.fileKey);
    return 'drawn';
  },
};
