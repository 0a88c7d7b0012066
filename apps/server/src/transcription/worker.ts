/**
 * The transcription worker: takes `TranscribeJob`s one at a time (alignment uses a core for
 * a few seconds a minute of audio) and runs `onFailed` for those whose retries are spent.
 * Runs beside the render worker, in `serve` or in `worker` processes.
 */
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Boss } from '../plugins/queue';
import { createTranscriber } from '../providers/transcription/registry';
import type { TranscriptionProvider } from '../providers/transcription/types';
import type { FileStore } from '../storage';
import { TranscribeJob, type TranscribeJobContext, type TranscribeProps } from './job';

export type TranscribeWorker = { stop(): Promise<void> };

const POLL_SECONDS = 1;

export type TranscribeWorkerOptions = {
  db: Db;
  files: FileStore;
  config: Config;
  log?: (message: string) => void;
  /** Use this transcriber instead of the configured one (tests). */
  transcriber?: TranscriptionProvider;
};

export async function startTranscribeWorker(boss: Boss, options: TranscribeWorkerOptions): Promise<TranscribeWorker> {
  const transcriber = options.transcriber ?? createTranscriber(options.config, { log: options.log });
  const context: TranscribeJobContext = {
    db: options.db,
    files: options.files,
    dataDir: options.config.dataDir,
    transcriber: (name) => (name === transcriber.name ? transcriber : undefined),
    log: options.log,
  };
  await TranscribeJob.prepare(boss);
  const ids = [
    await boss.work<TranscribeProps>(
      TranscribeJob.queue,
      { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS },
      async ([job]) => {
        if (job) await TranscribeJob.perform(context, job.data);
      },
    ),
    await boss.work<TranscribeProps>(
      TranscribeJob.deadLetter,
      { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS },
      async ([job]) => {
        if (job) await TranscribeJob.onFailed(context, job.data);
      },
    ),
  ];
  return {
    async stop() {
      for (const id of ids) await boss.offWork({ id }).catch(() => {});
      if (!options.transcriber) await transcriber.close?.();
    },
  };
}
