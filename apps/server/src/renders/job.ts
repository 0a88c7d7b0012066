/**
 * `RenderProjectJob` (STYLE 13): renders a member's project to MP4 and stores it with its
 * thumbnail. `perform` is safe to run twice (a done job returns early; the pipeline writes a
 * partial file and the store only ever holds whole ones), failures are retried with backoff, and
 * `onFailed` records the reason once retries are spent, leaving any earlier good MP4 where it
 * is. The member is told the outcome once (`onSettled`, claimed through `notifiedAt`).
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { applyPublishRules, exportSize, type Movie, MovieSchema } from '@reelwright/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { assertMovieMediaUsable, MediaRefusedError } from '../media/service';
import type { FetchPolicy } from '../net/guarded-fetch';
import { type Boss, createQueueWithDeadLetter } from '../plugins/queue';
import { createMediaResolver } from '../render/media-resolver';
import { MissingAssetsError, renderMovie } from '../render/pipeline';
import { InvalidProjectDocumentError, movieOf } from '../render/render-cli';
import { createSegmentCache, type EvictionSettings, type SegmentCache } from '../render/segment-cache';
import { UnsupportedSourceError } from '../render/sources';
import { chunkCount, type MovieGeometry, movieGeometry } from '../render/split-plan';
import type { FileStore } from '../storage';
import { storeCaptions } from './captions';
import { memberFacingFailure } from './failure-message';
import { dropQueuedDocument, queuedDocument } from './queued-document';
import { segmentIndex } from './segment-index';
import { type RenderJobRow, renderJobs } from './tables';

/** The render job's row, and the frame rate (default the pipeline's, 30). */
export type RenderProjectProps = { renderJobId: number; fps?: number };

const QUEUE = 'render-project';
/** Jobs whose retries are spent land here; its worker runs `onFailed`. */
const DEAD_LETTER = 'render-project-failed';
/** Attempts after the first. */
const RETRY_LIMIT = 2;
/** Seconds before the first retry; doubled each time (retryBackoff). */
const RETRY_DELAY = 5;

/** Storage keys of a render's files. */
export const renderKeys = (publicId: string) => ({
  video: `renders/${publicId}.mp4`,
  thumbnail: `renders/${publicId}.jpg`,
});

/** Errors no retry can fix: the project itself is broken. */
export const isPermanent = (error: unknown) =>
  error instanceof MediaRefusedError ||
  error instanceof MissingAssetsError ||
  error instanceof UnsupportedSourceError ||
  error instanceof InvalidProjectDocumentError;

export type RenderJobContext = {
  db: Db;
  /** Work files go to `<dataDir>/tmp`, downloads and stored media copies to `<dataDir>/cache`. */
  dataDir: string;
  files: FileStore;
  /** What fetches of the project's remote media may reach (config.fetch). */
  fetchPolicy: FetchPolicy;
  log?: (message: string) => void;
  /** Tells the member a render finished or failed; called once per render. */
  onSettled?: (row: RenderJobRow) => Promise<void>;
  /**
   * The segment store's settings (config.render.segments): renders reuse unchanged segments and
   * evict old ones afterwards (D75); null or absent renders everything.
   */
  segments?: EvictionSettings | null;
  /** Called with the project of each finished render (its poster frame is refreshed, D69). */
  onRendered?: (projectId: number) => Promise<void>;
  /** Splits long videos into chunk jobs (D76); without it every render is one job. */
  splitting?: SplitSettings & { split: SplitRender };
};

/** How long videos are split into chunk jobs any worker process takes (D76, chunk-job.ts). */
export type SplitSettings = { queue: Boss; chunkSeconds: number; timeoutSeconds: number };
/** Records a long video's split and queues its chunks (chunk-job.ts `splitRender`). */
export type SplitRender = (
  context: RenderJobContext,
  job: RenderJobRow,
  movie: Movie,
  geometry: MovieGeometry,
) => Promise<RenderJobRow | undefined>;

export const RenderProjectJob = {
  queue: QUEUE,
  deadLetter: DEAD_LETTER,

  /** Creates the queues (once) with their retry and dead-letter policy. */
  async prepare(boss: Boss): Promise<void> {
    await createQueueWithDeadLetter(boss, QUEUE, DEAD_LETTER);
  },

  /** Sends the job; returns pg-boss's job id. The timeout also bounds how long a dead worker holds it. */
  async enqueue(boss: Boss, props: RenderProjectProps, settings: { timeoutSeconds: number }): Promise<string> {
    await RenderProjectJob.prepare(boss);
    const id = await boss.send(QUEUE, props, {
      retryLimit: RETRY_LIMIT,
      retryDelay: RETRY_DELAY,
      retryBackoff: true,
      expireInSeconds: settings.timeoutSeconds,
    });
    if (!id) throw new Error('the queue refused the job');
    return id;
  },

  /** Renders the project of one render job; returns the finished row. */
  async perform(context: RenderJobContext, props: RenderProjectProps): Promise<RenderJobRow | undefined> {
    const { db } = context;
    const [job] = await db.select().from(renderJobs).where(eq(renderJobs.id, props.renderJobId)).limit(1);
    if (!job || job.status === 'done' || job.status === 'failed') return job;
    await update(db, job.id, { status: 'rendering', progress: 0, framesDone: 0, segmentsReused: 0 });
    const workDir = path.join(context.dataDir, 'tmp', 'renders');
    const local = {
      video: path.join(workDir, `${job.publicId}.mp4`),
      thumbnail: path.join(workDir, `${job.publicId}.jpg`),
    };
    try {
      const movie = applyPublishRules(MovieSchema.parse(movieOf(await queuedDocument(db, job))), {
        watermarkForced: job.watermarkForced,
        maxSeconds: job.maxSeconds,
      });
      // A project saved before the media rule must not read what a save would refuse now.
      await assertMovieMediaUsable(db, job.userId, movie);
      // ─── A long video becomes chunk jobs any worker process takes (D76, chunk-job.ts). ───
      const size = job.shortSide ? exportSize(movie.size, job.shortSide) : {};
      const geometry = movieGeometry(movie, { ...size, fps: props.fps });
      // Chunks hand their segments to the join through the segment store, so splitting needs it.
      if (context.splitting && context.segments && chunkCount(geometry, context.splitting) > 1) {
        return await context.splitting.split(context, job, movie, geometry);
      }
      // ─── Otherwise the whole video here. ───
      await mkdir(workDir, { recursive: true });
      await removeWorkFiles(workDir, job.publicId);
      let lastWrite = 0;
      const segments = segmentCacheOf(context, job.userId);
      const result = await renderMovie({
        segments,
        movie,
        ...(job.shortSide ? exportSize(movie.size, job.shortSide) : {}),
        output: local.video,
        thumbnail: local.thumbnail,
        fps: props.fps,
        resolveMedia: createMediaResolver({
          files: context.files,
          cacheDir: path.join(context.dataDir, 'cache', 'media'),
          policy: context.fetchPolicy,
        }),
        onProgress: ({ frame, frames, segments: counts }) => {
          const now = Date.now();
          if (now - lastWrite < 1000 && frame < frames) return;
          lastWrite = now;
          void update(db, job.id, {
            progress: frame / frames,
            framesDone: frame,
            framesTotal: frames,
            ...(counts ? { segmentsReused: counts.reused, segmentsTotal: counts.total } : {}),
          }).catch(() => {});
        },
      });
      const keys = renderKeys(job.publicId);
      await context.files.put(keys.thumbnail, local.thumbnail, 'image/jpeg');
      await context.files.put(keys.video, local.video, 'video/mp4');
      await storeCaptions(context.files, movie, job.publicId, workDir);
      // Stored: the work files go before the row says done, so 'done' never leaves files behind.
      await removeWorkFiles(workDir, job.publicId);
      const done = await update(db, job.id, {
        status: 'done',
        progress: 1,
        framesDone: result.frames,
        framesTotal: result.frames,
        segmentsReused: result.segments?.reused ?? 0,
        segmentsTotal: result.segments?.total ?? 0,
        error: null,
        outputPath: keys.video,
        thumbnailPath: keys.thumbnail,
        burnedCaptions: (movie.captions?.style ?? 'off') !== 'off',
        duration: result.duration,
        bytes: result.bytes,
        renderSeconds: result.renderSeconds,
        finishedAt: new Date(),
      });
      await evictSegments(context, segments);
      await context.onRendered?.(job.projectId);
      await settle(context, job.id);
      return done;
    } catch (error) {
      if (isPermanent(error)) return RenderProjectJob.onFailed(context, props, error);
      // Told to the member while the retry waits (the detail goes to the log); the queue runs the job again.
      context.log?.(`render ${job.id} will be retried: ${message(error)}`);
      await update(db, job.id, { status: 'queued', error: memberFacingFailure(error) });
      throw error;
    } finally {
      await removeWorkFiles(workDir, job.publicId);
    }
  },

  /** Records the failure; the output of an earlier successful render is left untouched. */
  async onFailed(context: RenderJobContext, props: RenderProjectProps, error?: unknown) {
    const [job] = await context.db.select().from(renderJobs).where(eq(renderJobs.id, props.renderJobId)).limit(1);
    if (!job || job.status === 'done' || job.status === 'failed') return job;
    // The member reads a sentence (failure-message.ts); the detail, paths and tool output included, goes to the log.
    const reason =
      error === undefined ? (job.error ?? 'The render did not finish in time.') : memberFacingFailure(error);
    context.log?.(`render ${job.id} failed: ${error === undefined ? reason : message(error)}`);
    const failed = await update(context.db, job.id, { status: 'failed', error: reason, finishedAt: new Date() });
    await settle(context, job.id);
    return failed;
  },
};

/**
 * Removes a render's work files, including the partial MP4 of an attempt whose worker was
 * killed (it is named after that process, so the next attempt would not overwrite it).
 */
export async function removeWorkFiles(workDir: string, publicId: string): Promise<void> {
  const names = await readdir(workDir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((name) => name.includes(publicId)).map((name) => rm(path.join(workDir, name), { force: true })),
  );
}

/**
 * The segment store of a member's render jobs (D75), unless it is turned off (RENDER_SEGMENTS=0):
 * scoped to the member, so their renders never reuse, or time, another member's (D82).
 */
export function segmentCacheOf(context: RenderJobContext, userId: number): SegmentCache | undefined {
  return context.segments
    ? createSegmentCache({
        files: context.files,
        index: segmentIndex(context.db),
        eviction: context.segments,
        scope: `member:${userId}`,
      })
    : undefined;
}

/** Removes old segments after a render; a failure is logged, never the render's. */
export async function evictSegments(context: RenderJobContext, segments: SegmentCache | undefined): Promise<void> {
  try {
    const evicted = await segments?.evict();
    if (evicted?.segments) context.log?.(`segment store: removed ${evicted.segments} (${evicted.bytes} bytes)`);
  } catch (error) {
    context.log?.(`segment store: eviction failed: ${message(error)}`);
  }
}

/** The render is over: its queued document goes, and the member is told, once (whoever sets `notifiedAt` first sends). */
export async function settle(context: RenderJobContext, id: number): Promise<void> {
  await dropQueuedDocument(context.db, id);
  if (!context.onSettled) return;
  const [claimed] = await context.db
    .update(renderJobs)
    .set({ notifiedAt: new Date() })
    .where(and(eq(renderJobs.id, id), isNull(renderJobs.notifiedAt)))
    .returning();
  if (!claimed) return;
  try {
    await context.onSettled(claimed);
  } catch (error) {
    context.log?.(`render ${id}: telling the member failed: ${message(error)}`);
  }
}

export const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function update(db: Db, id: number, changes: Partial<typeof renderJobs.$inferInsert>) {
  const [row] = await db
    .update(renderJobs)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(renderJobs.id, id))
    .returning();
  return row;
}
