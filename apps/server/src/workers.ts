/**
 * The `worker` role: render jobs only, no HTTP (DESIGN §2, scale-out). Needs PostgreSQL: the
 * embedded PGlite is one process's, and `serve` already runs its worker in-process.
 */
import pino from 'pino';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { createMailer } from './mail/mailer';
import { notifyMember } from './notify/service';
import { startBoss } from './plugins/queue';
import { renderOutcomeNotifier } from './publish/render-outcome';
import { prebuildChunkWorker } from './render/worker-bundle';
import { startRenderWorker } from './renders/worker';
import { createFileStore } from './storage';
import { startTranscribeWorker } from './transcription/worker';

export async function runWorker(config: Config): Promise<number> {
  if (!config.databaseUrl) {
    console.error('The worker role needs DATABASE_URL (PostgreSQL); with the embedded database, `serve` renders.');
    return 78;
  }
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config);
  await database.migrate();
  const boss = await startBoss(database, config);
  const mailer = createMailer(config, log);
  const files = createFileStore(config);
  prebuildChunkWorker();
  await startRenderWorker(boss, {
    db: database.db,
    dataDir: config.dataDir,
    files,
    fetchPolicy: config.fetch,
    log: (m) => log.warn(m),
    onSettled: renderOutcomeNotifier({
      db: database.db,
      mailer,
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
      push: (userId, message) => notifyMember({ db: database.db, config, log: (m) => log.warn(m) }, userId, message),
    }),
  });
  const transcribeWorker = await startTranscribeWorker(boss, {
    db: database.db,
    files,
    config,
    log: (m) => log.warn(m),
  });
  log.info(`Render worker started (pid ${process.pid}).`);
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
      await transcribeWorker.stop();
      await mailer.close();
      await database.close();
      resolve();
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  });
  return 0;
}
