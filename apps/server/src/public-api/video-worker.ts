/**
 * The video job worker (D74): takes `MakeVideoJob`s one at a time, and runs `onFailed` for jobs
 * whose retries are spent. It owns the maker's services (eSpeak's processes) and closes them.
 */
import { createMakerServices } from '../maker/service';
import type { Boss } from '../plugins/queue';
import { MakeVideoJob, type VideoJobContext, type VideoJobProps } from './video-job';

export type VideoJobWorker = { stop(): Promise<void> };

/** How often an idle worker asks for work. */
const POLL_SECONDS = 1;

export async function startVideoJobWorker(
  boss: Boss,
  deps: Omit<VideoJobContext, 'services'>,
): Promise<VideoJobWorker> {
  const services = createMakerServices(deps.config, deps.files, { log: deps.log });
  const context: VideoJobContext = { ...deps, services };
  await MakeVideoJob.prepare(boss);
  const ids = [
    await boss.work<VideoJobProps>(
      MakeVideoJob.queue,
      { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS },
      async ([job]) => {
        if (job) await MakeVideoJob.perform(context, job.data);
      },
    ),
    await boss.work<VideoJobProps>(
      MakeVideoJob.deadLetter,
      { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS },
      async ([job]) => {
        if (job) await MakeVideoJob.onFailed(context, job.data);
      },
    ),
  ];
  return {
    async stop() {
      for (const id of ids) await boss.offWork({ id });
      await services.close();
    },
  };
}
