/**
 * Renders split across worker processes (issue 23 part 2, docs/decisions.md D76). A render job
 * of a video longer than RENDER_CHUNK_SECONDS records the movie and its frame ranges
 * (`render_splits`, `render_chunks`) and queues one `RenderChunkJob` per range. Any `npm run
 * worker` process sharing the database and the file store takes them: a chunk is whole segments
 * of the movie's plan (D75), which it draws into the segment store, then marks itself done. The
 * chunk that finds every chunk done queues the `RenderJoinJob` (join-job.ts), under a job id
 * derived from the render, so it is queued once however many chunks finish together or are
 * retried; the join finds every segment stored.
 */
import { MovieSchema } from '@reelwright/core';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { assertMovieMediaUsable } from '../media/service';
import { type Boss, createQueueWithDeadLetter } from '../plugins/queue';
import { WORKER_ID } from '../queue/service';
import { renderSegments } from '../render/pipeline';
import { type ChunkSizing, chunkCount, chunkRangesOf, segmentsOfChunk } from '../render/split-plan';
import { failRender, mediaResolver, stableJobId } from './chunks';
import {
  isPermanent,
  message,
  type RenderJobContext,
  type SplitRender,
  type SplitSettings,
  segmentCacheOf,
} from './job';
import { RenderJoinJob } from './join-job';
import { type RenderChunkRow, renderChunks, renderJobs, renderSplits } from './tables';

/** One chunk of a split render. */
export type RenderChunkProps = { renderJobId: number; index: number };

const QUEUE = 'render-chunk';
const DEAD_LETTER = 'render-chunk-failed';
const RETRY_LIMIT = 2;
const RETRY_DELAY = 5;

/** How many chunks a split makes: the sizes allowed, and the worker slots free now (D87). */
export type Chunking = { sizing: ChunkSizing; freeSlots: () => Promise<number> };

/**
 * Records the split of a render into as many chunks as worker slots are free (within `sizing`)
 * and queues them. Safe to run again (a retried render job): the rows are kept as first written
 * and chunks already done are not queued again.
 */
export const createSplitRender =
  (chunking: Chunking): SplitRender =>
  async (context, job, movie, geometry) => {
    const { db, splitting: settings } = context;
    if (!settings) throw new Error('splitRender needs the split settings (RenderJobContext.splitting)');
    const count = chunkCount(geometry, chunking.sizing, await chunking.freeSlots());
    // The split and its chunks are written together, once: a retry keeps the first split even if
    // its worker has another RENDER_CHUNK_SECONDS.
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(renderSplits)
        .values({ renderJobId: job.id, movie, ...geometry })
        .onConflictDoNothing()
        .returning();
      if (!created) return;
      const ranges = chunkRangesOf(movie, created.fps, count);
      await tx
        .insert(renderChunks)
        .values(ranges.map((r, index) => ({ renderJobId: job.id, index, firstFrame: r.first, endFrame: r.end })));
    });
    await RenderChunkJob.prepare(settings.queue);
    const open = await db
      .select()
      .from(renderChunks)
      .where(and(eq(renderChunks.renderJobId, job.id), ne(renderChunks.status, 'done')));
    for (const chunk of open) await RenderChunkJob.enqueue(settings, { renderJobId: job.id, index: chunk.index });
    if (open.length === 0) await queueJoinWhenComplete(context, settings, job.id);
    return (await db.select().from(renderJobs).where(eq(renderJobs.id, job.id)))[0];
  };

export const RenderChunkJob = {
  queue: QUEUE,
  deadLetter: DEAD_LETTER,

  async prepare(boss: Boss): Promise<void> {
    await createQueueWithDeadLetter(boss, QUEUE, DEAD_LETTER);
  },

  /** Queues a chunk once (its job id is derived from the render and the index). */
  async enqueue(settings: SplitSettings, props: RenderChunkProps): Promise<void> {
    await settings.queue.send(QUEUE, props, {
      id: stableJobId(`render-chunk:${props.renderJobId}:${props.index}`),
      retryLimit: RETRY_LIMIT,
      retryDelay: RETRY_DELAY,
      retryBackoff: true,
      // A dead worker's chunk returns to the queue after this.
      expireInSeconds: settings.timeoutSeconds,
    });
  },

  /**
   * Renders one chunk and stores its segment; then, if it was the last, queues the join. A chunk
   * already done only checks for the join; a render already settled is left alone.
   */
  async perform(context: RenderJobContext, props: RenderChunkProps): Promise<RenderChunkRow | undefined> {
    const { db, splitting } = context;
    if (!splitting) throw new Error('render chunks need the split settings (RenderJobContext.splitting)');
    const [job] = await db.select().from(renderJobs).where(eq(renderJobs.id, props.renderJobId));
    const [split] = await db.select().from(renderSplits).where(eq(renderSplits.renderJobId, props.renderJobId));
    const [chunk] = await db.select().from(renderChunks).where(chunkIs(props));
    if (!job || !split || !chunk || job.status === 'done' || job.status === 'failed') return chunk;
    if (chunk.status === 'done') {
      await queueJoinWhenComplete(context, splitting, job.id);
      return chunk;
    }
    const started = performance.now();
    const [attempt] = await db
      .update(renderChunks)
      .set({
        status: 'rendering',
        attempts: sql`${renderChunks.attempts} + 1`,
        worker: WORKER_ID,
        framesDone: 0,
        error: null,
        updatedAt: new Date(),
      })
      .where(and(chunkIs(props), ne(renderChunks.status, 'done')))
      .returning();
    if (!attempt) return chunk;
    const segments = segmentCacheOf(context, job.userId);
    if (!segments) throw new Error('render chunks need the segment store (RENDER_SEGMENTS)');
    try {
      const movie = MovieSchema.parse(split.movie);
      await assertMovieMediaUsable(db, job.userId, movie);
      const range = { first: chunk.firstFrame, end: chunk.endFrame };
      const drawn = await renderSegments({
        movie,
        width: split.width,
        height: split.height,
        fps: split.fps,
        resolveMedia: mediaResolver(context),
        segments,
        only: segmentsOfChunk(movie, split.fps, range),
        onProgress: progressReporter(context, props, split.frames),
      });
      // The segments are stored whole before the row says done.
      const [done] = await db
        .update(renderChunks)
        .set({
          status: 'done',
          framesDone: chunk.endFrame - chunk.firstFrame,
          segmentsReused: drawn.reused.length,
          renderSeconds: (performance.now() - started) / 1000,
          worker: WORKER_ID,
          updatedAt: new Date(),
        })
        .where(and(chunkIs(props), ne(renderChunks.status, 'done')))
        .returning();
      if (!done) return done;
      await reportProgress(context, job.id, split.frames);
      await queueJoinWhenComplete(context, splitting, job.id);
      return done;
    } catch (error) {
      if (isPermanent(error)) {
        await markChunk(context, props, 'failed', message(error));
        await failRender(context, props.renderJobId, error);
        return undefined;
      }
      await markChunk(context, props, 'queued', message(error));
      throw error;
    }
  },

  /** A chunk whose retries are spent (or that expired each time) fails its render. */
  async onFailed(context: RenderJobContext, props: RenderChunkProps): Promise<void> {
    const [chunk] = await context.db.select().from(renderChunks).where(chunkIs(props));
    if (!chunk || chunk.status === 'done') return;
    const reason = chunk.error ?? `Part ${chunk.index + 1} of the video did not finish in time.`;
    await markChunk(context, props, 'failed', reason);
    await failRender(context, props.renderJobId, new Error(reason));
  },
};

const chunkIs = (props: RenderChunkProps) =>
  and(eq(renderChunks.renderJobId, props.renderJobId), eq(renderChunks.index, props.index));

async function markChunk(
  context: RenderJobContext,
  props: RenderChunkProps,
  status: 'queued' | 'failed',
  error: string,
): Promise<void> {
  await context.db
    .update(renderChunks)
    .set({ status, error, updatedAt: new Date() })
    .where(and(chunkIs(props), ne(renderChunks.status, 'done')));
}

/**
 * Counts this chunk's frames and, at most once a second, records them and the render's progress:
 * frames done across all its chunks of the movie's frames.
 */
function progressReporter(
  context: RenderJobContext,
  props: RenderChunkProps,
  frames: number,
): (progress: { frame: number }) => void {
  let handed = 0;
  let lastWrite = 0;
  return ({ frame }) => {
    handed = frame;
    const now = Date.now();
    if (now - lastWrite < 1000) return;
    lastWrite = now;
    void context.db
      .update(renderChunks)
      .set({ framesDone: handed, updatedAt: new Date() })
      .where(and(chunkIs(props), eq(renderChunks.status, 'rendering')))
      .then(() => reportProgress(context, props.renderJobId, frames))
      .catch(() => {});
  };
}

async function reportProgress(context: RenderJobContext, renderJobId: number, frames: number): Promise<void> {
  const done = sql`(select coalesce(sum(${renderChunks.framesDone}), 0) from ${renderChunks} where ${renderChunks.renderJobId} = ${renderJobId})`;
  await context.db
    .update(renderJobs)
    .set({
      progress: sql`least(1, ${done}::real / ${frames})`,
      framesDone: sql`least(${frames}, ${done})`,
      framesTotal: frames,
      updatedAt: new Date(),
    })
    .where(and(eq(renderJobs.id, renderJobId), eq(renderJobs.status, 'rendering')));
}

/**
 * Queues the join when no chunk is left to do. Chunks finishing together may both find none
 * left; the join's stable job id makes that one job. A chunk that dies before this line is
 * retried, finds itself done and comes here again.
 */
async function queueJoinWhenComplete(context: RenderJobContext, settings: SplitSettings, renderJobId: number) {
  const [left] = await context.db
    .select({ count: count() })
    .from(renderChunks)
    .where(and(eq(renderChunks.renderJobId, renderJobId), ne(renderChunks.status, 'done')));
  if ((left?.count ?? 1) === 0) await RenderJoinJob.enqueue(settings, { renderJobId });
}
