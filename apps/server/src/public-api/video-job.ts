/**
 * `MakeVideoJob` (STYLE 13, D74): the API's video in one call. It runs the maker's steps
 * (article, slides, pictures, narration, frames), saves the project as the member's own, and
 * queues its render through the publish domain, as the publish dialog and `POST /renders` do:
 * the render is then an ordinary render job (quota, files, captions, webhooks). `perform` is
 * safe to run twice: a saved project is recorded with the job in one transaction and reused,
 * and publishing the same content answers the render already queued. Failures are retried with
 * backoff; a request no retry can fix (an article that cannot be read) fails at once.
 */
import { MAKER_STAGES, type MakerStage, MakeVideoRequestSchema } from '@reelwright/core';
import { eq } from 'drizzle-orm';
import { type Member, memberById } from '../accounts/service';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { type MakerProgress, type MakerServices, makeProject } from '../maker/service';
import { type Boss, createQueueWithDeadLetter } from '../plugins/queue';
import { saveProject } from '../projects/service';
import { publishProject } from '../publish/service';
import type { FileStore } from '../storage';
import { type VideoJobRow, videoJobs } from './tables';

export type VideoJobProps = { videoJobId: number };

export type VideoJobContext = {
  db: Db;
  queue: Boss;
  config: Config;
  files: FileStore;
  /** The maker's voices, picture engines and article sources. */
  services: MakerServices;
  log?: (message: string) => void;
};

const QUEUE = 'make-video';
/** Jobs whose retries are spent land here; its worker runs `onFailed`. */
const DEAD_LETTER = 'make-video-failed';
/** Attempts after the first. */
const RETRY_LIMIT = 2;
/** Seconds before the first retry; doubled each time. */
const RETRY_DELAY = 5;
/** How long one attempt may take before the queue hands it to another worker. */
const TIMEOUT_SECONDS = 15 * 60;
/** The least time between two progress writes. */
const PROGRESS_INTERVAL_MS = 500;

/** How much of the maker's part each step is (the render is the render job's). */
const STAGE_WEIGHTS: Record<Exclude<MakerStage, 'render'>, number> = {
  article: 0.15,
  slides: 0.05,
  media: 0.3,
  narration: 0.4,
  frames: 0.1,
};

/** A refusal of the request itself (4xx): retrying it would fail the same way. */
const isPermanent = (error: unknown) => error instanceof AppError && error.statusCode < 500;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
/**
 * What the caller reads: a refusal's own message (written for people), else a general sentence;
 * tool output and server paths stay in the log (issue 31 finding 8).
 */
const shownReason = (error: unknown) =>
  error instanceof AppError && error.statusCode < 500
    ? error.message
    : 'The video could not be made because of a problem on our side. Try again in a few minutes; if it fails again, contact support.';

export const MakeVideoJob = {
  queue: QUEUE,
  deadLetter: DEAD_LETTER,

  async prepare(boss: Boss): Promise<void> {
    await createQueueWithDeadLetter(boss, QUEUE, DEAD_LETTER);
  },

  /** Sends the job; returns pg-boss's job id. */
  async enqueue(boss: Boss, props: VideoJobProps): Promise<string> {
    await MakeVideoJob.prepare(boss);
    const id = await boss.send(QUEUE, props, {
      retryLimit: RETRY_LIMIT,
      retryDelay: RETRY_DELAY,
      retryBackoff: true,
      expireInSeconds: TIMEOUT_SECONDS,
    });
    if (!id) throw new Error('the queue refused the job');
    return id;
  },

  /** Makes and saves the project, then queues its render; returns the job's row. */
  async perform(context: VideoJobContext, props: VideoJobProps): Promise<VideoJobRow | undefined> {
    const { db } = context;
    const [job] = await db.select().from(videoJobs).where(eq(videoJobs.id, props.videoJobId)).limit(1);
    if (!job || job.status === 'done' || job.status === 'failed') return job;
    try {
      const member = await memberById(db, job.userId);
      if (!member) throw new AppError(404, 'not_found', 'The member who asked for this video is gone.');
      await update(db, job.id, { status: 'working', ...(job.projectId === null ? { stage: MAKER_STAGES[0] } : {}) });
      const request = MakeVideoRequestSchema.parse(job.request);
      const projectId = job.projectId ?? (await makeAndSave(context, job, member));
      // The API's renders send no e-mail: the caller polls, or a webhook tells it.
      const render = await publishProject(db, context.queue, context.config, member, {
        pid: projectId,
        quality: request.size,
        action: 'download',
        email: null,
      });
      return update(db, job.id, {
        status: 'done',
        stage: null,
        progress: 1,
        error: null,
        renderJobId: render.id,
        finishedAt: new Date(),
      });
    } catch (error) {
      if (isPermanent(error)) return MakeVideoJob.onFailed(context, props, error);
      // Told to the caller while the retry waits (the detail goes to the log); the queue runs the job again.
      context.log?.(`video job ${job.id} will be retried: ${message(error)}`);
      await update(db, job.id, { status: 'queued', error: shownReason(error) });
      throw error;
    }
  },

  /** Records the failure, once retries are spent or at once for a request no retry can fix. */
  async onFailed(context: VideoJobContext, props: VideoJobProps, error?: unknown) {
    const [job] = await context.db.select().from(videoJobs).where(eq(videoJobs.id, props.videoJobId)).limit(1);
    if (!job || job.status === 'done' || job.status === 'failed') return job;
    const reason = error === undefined ? (job.error ?? 'The video was not made in time.') : shownReason(error);
    context.log?.(`video job ${job.id} failed: ${error === undefined ? reason : message(error)}`);
    return update(context.db, job.id, { status: 'failed', stage: null, error: reason, finishedAt: new Date() });
  },
};

/** Runs the maker's steps and saves the project, recording it with the job in one transaction. */
async function makeAndSave(context: VideoJobContext, job: VideoJobRow, member: Member): Promise<number> {
  const { db } = context;
  const report = progressWriter(db, job.id);
  const made = await makeProject(
    { db, files: context.files, ...context.services, fetchPolicy: context.config.fetch, member, log: context.log },
    job.request,
    report.progress,
  );
  await report.flush();
  return db.transaction(async (tx) => {
    const saved = await saveProject(tx, {
      userId: member.id,
      input: { name: made.title, title: made.title, category: 'project', data_json: JSON.stringify(made.project) },
    });
    await tx.update(videoJobs).set({ projectId: saved.id, updatedAt: new Date() }).where(eq(videoJobs.id, job.id));
    return saved.id;
  });
}

/**
 * The maker's progress as the job's stage and 0–1 progress, written at most every
 * {@link PROGRESS_INTERVAL_MS} and in order (pictures and narration report side by side).
 */
function progressWriter(db: Db, id: number) {
  const fractions = new Map<MakerStage, number>();
  let written = Promise.resolve();
  let lastWrite = 0;
  let latest: { stage: MakerStage; progress: number } | null = null;
  const write = () => {
    const changes = latest;
    latest = null;
    lastWrite = Date.now();
    if (changes) written = written.then(() => update(db, id, changes).then(() => {})).catch(() => {});
  };
  return {
    progress({ stage, done, total }: MakerProgress) {
      fractions.set(stage, total > 0 ? done / total : 1);
      const progress = Object.entries(STAGE_WEIGHTS).reduce(
        (sum, [name, weight]) => sum + weight * (fractions.get(name as MakerStage) ?? 0),
        0,
      );
      latest = { stage, progress: Math.min(1, progress) };
      if (Date.now() - lastWrite >= PROGRESS_INTERVAL_MS) write();
    },
    async flush() {
      write();
      await written;
    },
  };
}

async function update(db: Db, id: number, changes: Partial<typeof videoJobs.$inferInsert>) {
  const [row] = await db
    .update(videoJobs)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(videoJobs.id, id))
    .returning();
  return row;
}
