/**
 * The background workers, started in one place for both roles: in `serve` when
 * RENDER_WORKERS_IN_PROCESS is on, and alone in `worker` processes (DESIGN §2, scale-out).
 * Renders tell the member how they ended (mail, push and webhooks); transcriptions, project thumbnails (D69)
 * video uploads (D70), webhook deliveries (D73) and the API's video jobs (D74) run beside them.
 */
import pino from 'pino';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { createMailer, type Mailer } from './mail/mailer';
import { notifyMember } from './notify/service';
import { type Boss, startBoss } from './plugins/queue';
import { requestProjectThumbnail } from './projects/service';
import { startThumbnailWorker } from './projects/thumbnail-worker';
import { startVideoJobWorker } from './public-api/video-worker';
import { renderOutcomeNotifier } from './publish/render-outcome';
import { startWorkerRegistry } from './queue/service';
import { prebuildChunkWorker } from './render/worker-bundle';
import { startRenderWorker } from './renders/worker';
import type { FileStore } from './storage';
import { createFileStore } from './storage';
import { startTranscribeWorker } from './transcription/worker';
import { startVideoUploadWorker } from './video-sites/worker';
import { announceEvent } from './webhooks/service';
import { startWebhookWorker } from './webhooks/worker';

export type WorkerDeps = {
  config: Config;
  db: Database['db'];
  queue: Boss;
  files: FileStore;
  mailer: Mailer;
  log: (message: string) => void;
};

export type Workers = {
  /** Stops taking work; stop the queue first so a running job finishes or is left to be retried. */
  stop(): Promise<void>;
};

export async function startWorkers(deps: WorkerDeps): Promise<Workers> {
  const { config, db, queue, files, mailer, log } = deps;
  // First: the jobs taken from here on are listed in this process's heartbeat (D87).
  const registry = await startWorkerRegistry({
    db,
    boss: queue,
    chunkSlots: config.render.chunkSlots,
    heartbeat: config.queue.workerHeartbeat,
    log,
  });
  await startRenderWorker(queue, {
    registry,
    db,
    dataDir: config.dataDir,
    files,
    fetchPolicy: config.fetch,
    segments: config.render.segments,
    log,
    onSettled: renderOutcomeNotifier({
      db,
      mailer,
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
      push: (userId, message) => notifyMember({ db, config, log }, userId, message),
      announce: (userId, event) => announceEvent({ db, config, log }, userId, event),
    }),
    // A render draws the project's poster too, at once (the job skips an unchanged document).
    onRendered: (projectId) => requestProjectThumbnail(queue, { projectId, delaySeconds: 0, log }),
    // Long videos in chunks any worker process takes (D76), as many as slots are free (D87).
    splitting: {
      queue,
      chunkSeconds: config.render.chunkSeconds,
      timeoutSeconds: config.render.timeoutSeconds,
      sizing: config.render,
      chunkSlots: config.render.chunkSlots,
    },
  });
  const transcribeWorker = await startTranscribeWorker(queue, { db, files, config, log });
  const thumbnailWorker = await startThumbnailWorker(queue, {
    db,
    files,
    dataDir: config.dataDir,
    fetchPolicy: config.fetch,
    log,
  });
  const videoUploadWorker = await startVideoUploadWorker(queue, { db, files, config, log });
  // The API's videos in one call (D74): the maker's steps, then a render job like any other.
  const videoJobWorker = await startVideoJobWorker(queue, { db, queue, config, files, log });
  const webhookWorker = startWebhookWorker({ db, fetchPolicy: config.fetch, config: config.webhooks, mailer, log });
  return {
    async stop() {
      await transcribeWorker.stop();
      await thumbnailWorker.stop();
      await videoUploadWorker.stop();
      await webhookWorker.stop();
      await videoJobWorker.stop();
      await registry.stop();
    },
  };
}

/**
 * The `worker` role: jobs only, no HTTP. Needs PostgreSQL: the embedded PGlite is one process's,
 * and `serve` already runs its workers in-process.
 */
export async function runWorker(config: Config): Promise<number> {
  if (!config.databaseUrl) {
    console.error('The worker role needs DATABASE_URL (PostgreSQL); with the embedded database, `serve` renders.');
    return 78;
  }
  const logger = pino({ level: config.logLevel });
  const database: Database = openDatabase(config);
  await database.migrate();
  const queue = await startBoss(database, config);
  const mailer = createMailer(config, logger);
  prebuildChunkWorker();
  const workers = await startWorkers({
    config,
    db: database.db,
    queue,
    files: createFileStore(config),
    mailer,
    log: (m) => logger.warn(m),
  });
  logger.info(`Render worker started (pid ${process.pid}).`);
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      await queue.stop({ graceful: true, wait: true, timeout: 30_000 });
      await workers.stop();
      await mailer.close();
      await database.close();
      resolve();
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  });
  return 0;
}
