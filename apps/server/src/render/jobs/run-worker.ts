/**
 * The `worker` role: render jobs only, no HTTP (DESIGN §2, scale-out). Needs PostgreSQL: the
 * embedded PGlite is one process's, and `serve` already runs its worker in-process.
 */
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import { startBoss } from './boss';
import { startRenderWorker } from './worker';

export async function runWorker(config: Config): Promise<number> {
  if (!config.databaseUrl) {
    console.error('The worker role needs DATABASE_URL (PostgreSQL); with the embedded database, `serve` renders.');
    return 78;
  }
  const database = openDatabase(config);
  await database.migrate();
  const boss = await startBoss(database, config);
  await startRenderWorker(boss, { db: database.db, dataDir: config.dataDir, log: (m) => console.log(m) });
  console.log(`Render worker started (pid ${process.pid}).`);
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
      await database.close();
      resolve();
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  });
  return 0;
}
