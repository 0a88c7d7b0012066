import { buildApp } from './app';
import type { Config } from './config';
import { ffmpegReport } from './ffmpeg/ffmpeg';
import { prebuildChunkWorker } from './render/worker-bundle';

/** Listens, and closes cleanly on SIGINT/SIGTERM: in-flight requests finish, the database closes. */
export async function serve(config: Config) {
  const app = await buildApp(config);
  if (config.render.workersInProcess) prebuildChunkWorker();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const ffmpeg = ffmpegReport();
  await app.listen({ port: config.port, host: config.host });
  const { ok, message } = await ffmpeg;
  if (ok) app.log.info(message);
  else app.log.warn(message);
  app.log.info(`Reelwright is running at ${config.publicUrl}/app.html (data in ${config.dataDir})`);
}
