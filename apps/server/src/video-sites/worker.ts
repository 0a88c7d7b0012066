/**
 * The video upload worker: takes `UploadVideoJob`s one at a time and runs `onFailed` for those
 * whose retries are spent. Runs beside the render worker, in `serve` or in `worker` processes.
 */
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Boss } from '../plugins/queue';
import type { FileStore } from '../storage';
import { videoSitesOf } from './context';
import { UploadVideoJob, type UploadVideoJobContext, type UploadVideoProps } from './job';

export type VideoUploadWorker = { stop(): Promise<void> };

const POLL_SECONDS = 1;

export async function startVideoUploadWorker(
  boss: Boss,
  options: { db: Db; files: FileStore; config: Config; log?: (message: string) => void },
): Promise<VideoUploadWorker> {
  const context: UploadVideoJobContext = {
    db: options.db,
    files: options.files,
    dataDir: options.config.dataDir,
    sites: videoSitesOf(options.config),
    log: options.log,
  };
  await UploadVideoJob.prepare(boss);
  const ids = [
    await boss.work<UploadVideoProps>(
      UploadVideoJob.queue,
      { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS },
      async ([job]) => {
        if (job) await UploadVideoJob.perform(context, job.data);
      },
    ),
    await boss.work<UploadVideoProps>(
      UploadVideoJob.deadLetter,
      { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS },
      async ([job]) => {
        if (job) await UploadVideoJob.onFailed(context, job.data);
      },
    ),
  ];
  return {
    async stop() {
      for (const id of ids) await boss.offWork({ id }).catch(() => {});
    },
  };
}
