/**
 * The last job of a split render (D76, chunk-job.ts): a render of the split's movie whose
 * segments the chunks have all stored (D75), so it only mixes the sound of the whole movie, draws
 * the thumbnail and joins without re-encoding (a segment evicted meanwhile is drawn again). It
 * stores the MP4, thumbnail and captions, and only then marks the render done (once) and tells
 * the member (once). Safe to run twice: a settled render returns early, and the files it stores
 * are whole and the same each time.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { MovieSchema } from '@reelwright/core';
import { and, eq, inArray, not } from 'drizzle-orm';
import { assertMovieMediaUsable } from '../media/service';
import { createQueueWithDeadLetter } from '../plugins/queue';
import { renderMovie } from '../render/pipeline';
import { storeCaptions } from './captions';
import { chunksOf, failRender, mediaResolver, stableJobId } from './chunks';
import {
  evictSegments,
  isPermanent,
  type RenderJobContext,
  removeWorkFiles,
  renderKeys,
  type SplitSettings,
  segmentCacheOf,
  settle,
} from './job';
import { type RenderJobRow, renderJobs, renderSplits } from './tables';

export type RenderJoinProps = { renderJobId: number };

const QUEUE = 'render-join';
const DEAD_LETTER = 'render-join-failed';
const RETRY_LIMIT = 2;
const RETRY_DELAY = 5;

export const RenderJoinJob = {
  queue: QUEUE,
  deadLetter: DEAD_LETTER,

  async prepare(boss: SplitSettings['queue']): Promise<void> {
    await createQueueWithDeadLetter(boss, QUEUE, DEAD_LETTER);
  },

  /** Queues the join of a render; sending it again while it exists queues nothing. */
  async enqueue(settings: SplitSettings, props: RenderJoinProps): Promise<void> {
    await RenderJoinJob.prepare(settings.queue);
    await settings.queue.send(QUEUE, props, {
      id: stableJobId(`render-join:${props.renderJobId}`),
      retryLimit: RETRY_LIMIT,
      retryDelay: RETRY_DELAY,
      retryBackoff: true,
      expireInSeconds: settings.timeoutSeconds,
    });
  },

  async perform(context: RenderJobContext, props: RenderJoinProps): Promise<RenderJobRow | undefined> {
    const { db } = context;
    const [job] = await db.select().from(renderJobs).where(eq(renderJobs.id, props.renderJobId));
    const [split] = await db.select().from(renderSplits).where(eq(renderSplits.renderJobId, props.renderJobId));
    if (!job || !split || job.status === 'done' || job.status === 'failed') return job;
    const chunks = await chunksOf(context, job.id);
    const pending = chunks.filter((c) => c.status !== 'done');
    if (chunks.length === 0 || pending.length > 0) {
      throw new Error(`render ${job.id}: chunks ${pending.map((c) => c.index).join(', ')} are not done yet`);
    }
    const segments = segmentCacheOf(context, job.userId);
    if (!segments) throw new Error('the join of a split render needs the segment store (RENDER_SEGMENTS)');
    const workDir = path.join(context.dataDir, 'tmp', 'renders');
    const local = {
      video: path.join(workDir, `${job.publicId}.mp4`),
      thumbnail: path.join(workDir, `${job.publicId}.jpg`),
    };
    try {
      await mkdir(workDir, { recursive: true });
      const movie = MovieSchema.parse(split.movie);
      await assertMovieMediaUsable(db, job.userId, movie);
      const duration = split.frames / split.fps;
      const result = await renderMovie({
        movie,
        width: split.width,
        height: split.height,
        fps: split.fps,
        output: local.video,
        thumbnail: local.thumbnail,
        resolveMedia: mediaResolver(context),
        segments,
      });
      const keys = renderKeys(job.publicId);
      await context.files.put(keys.thumbnail, local.thumbnail, 'image/jpeg');
      await context.files.put(keys.video, local.video, 'video/mp4');
      await storeCaptions(context.files, movie, job.publicId, workDir);
      await removeWorkFiles(workDir, job.publicId);
      const [done] = await db
        .update(renderJobs)
        .set({
          status: 'done',
          progress: 1,
          error: null,
          outputPath: keys.video,
          thumbnailPath: keys.thumbnail,
          burnedCaptions: (movie.captions?.style ?? 'off') !== 'off',
          duration,
          bytes: result.bytes,
          framesDone: split.frames,
          framesTotal: split.frames,
          segmentsReused: chunks.reduce((sum, chunk) => sum + chunk.segmentsReused, 0),
          segmentsTotal: result.segments?.total ?? 0,
          renderSeconds: (Date.now() - split.createdAt.getTime()) / 1000,
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(renderJobs.id, job.id), not(inArray(renderJobs.status, ['done', 'failed']))))
        .returning();
      if (!done) return job;
      await context.onRendered?.(job.projectId);
      await settle(context, job.id);
      await evictSegments(context, segments);
      return done;
    } catch (error) {
      if (isPermanent(error)) {
        await failRender(context, job.id, error);
        return undefined;
      }
      throw error;
    } finally {
      await removeWorkFiles(workDir, job.publicId);
    }
  },

  /** Retries spent: the render fails. */
  async onFailed(context: RenderJobContext, props: RenderJoinProps): Promise<void> {
    await failRender(context, props.renderJobId);
  },
};
