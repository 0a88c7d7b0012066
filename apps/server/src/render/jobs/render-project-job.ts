/**
 * `RenderProjectJob` (STYLE 13): renders a member's project to MP4 under the data folder.
 * `perform` is safe to run twice (a done job returns early; the pipeline writes beside the output
 * and renames only on success), failures are retried with backoff, and `onFailed` records the
 * reason once retries are spent, leaving any earlier good MP4 where it is.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loadProject } from '../../projects/service';
import { MissingAssetsError, renderMovie } from '../pipeline';
import { movieOf } from '../render-cli';
import { UnsupportedSourceError } from '../sources';
import type { Boss } from './boss';
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

/** The folder, relative to the data folder, that holds finished renders. */
export const RENDERS_DIR = 'files/renders';

/** Errors no retry can fix: the project itself is broken. */
const isPermanent = (error: unknown) =>
  error instanceof MissingAssetsError ||
  error instanceof UnsupportedSourceError ||
  (error instanceof Error && error.message.startsWith('Invalid project document'));

export type RenderJobContext = { db: Db; dataDir: string; log?: (message: string) => void };

export const RenderProjectJob = {
  queue: QUEUE,
  deadLetter: DEAD_LETTER,

  /** Creates the queues (once) with their retry and dead-letter policy. */
  async prepare(boss: Boss): Promise<void> {
    if (!(await boss.getQueue(DEAD_LETTER))) await boss.createQueue(DEAD_LETTER);
    if (!(await boss.getQueue(QUEUE))) await boss.createQueue(QUEUE, { name: QUEUE, deadLetter: DEAD_LETTER });
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
    await update(db, job.id, { status: 'rendering', progress: 0 });
    try {
      const project = await loadProject(db, { userId: job.userId, query: { id: job.projectId } });
      const dir = path.join(context.dataDir, RENDERS_DIR);
      await mkdir(dir, { recursive: true });
      const output = path.join(dir, `${job.projectId}-${job.id}.mp4`);
      let lastWrite = 0;
      const result = await renderMovie({
        movie: movieOf(project.data),
        output,
        fps: props.fps,
        assetBaseDir: path.join(context.dataDir, 'files'),
        onProgress: ({ frame, frames }) => {
          const now = Date.now();
          if (now - lastWrite < 1000 && frame < frames) return;
          lastWrite = now;
          void update(db, job.id, { progress: frame / frames }).catch(() => {});
        },
      });
      return await update(db, job.id, {
        status: 'done',
        progress: 1,
        error: null,
        outputPath: output,
        duration: result.duration,
        bytes: result.bytes,
        renderSeconds: result.renderSeconds,
        finishedAt: new Date(),
      });
    } catch (error) {
      if (isPermanent(error)) return RenderProjectJob.onFailed(context, props, error);
      // Kept for the member to see while the retry waits; the queue runs the job again.
      await update(db, job.id, { status: 'queued', error: message(error) });
      throw error;
    }
  },

  /** Records the failure; the output of an earlier successful render is left untouched. */
  async onFailed(context: RenderJobContext, props: RenderProjectProps, error?: unknown) {
    const [job] = await context.db.select().from(renderJobs).where(eq(renderJobs.id, props.renderJobId)).limit(1);
    if (!job || job.status === 'done' || job.status === 'failed') return job;
    const reason = error === undefined ? (job.error ?? 'The render did not finish in time.') : message(error);
    context.log?.(`render ${job.id} failed: ${reason}`);
    return update(context.db, job.id, { status: 'failed', error: reason, finishedAt: new Date() });
  },
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function update(db: Db, id: number, changes: Partial<typeof renderJobs.$inferInsert>) {
  const [row] = await db
    .update(renderJobs)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(renderJobs.id, id))
    .returning();
  return row;
}
