/**
 * The render worker: takes `RenderProjectJob`s one at a time, and runs `onFailed` for jobs whose
 * retries are spent (including those a dead worker held until they expired).
 */
import type { Boss } from '../plugins/queue';
import { type RenderJobContext, RenderProjectJob, type RenderProjectProps } from './job';

export type RenderWorker = { stop(): Promise<void> };

/** How often an idle worker asks for work. */
const POLL_SECONDS = 1;

export async function startRenderWorker(boss: Boss, context: RenderJobContext): Promise<RenderWorker> {
  await RenderProjectJob.prepare(boss);
  const ids = [
    await boss.work<RenderProjectProps>(
      RenderProjectJob.queue,
      { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS },
      async ([job]) => {
        if (job) await RenderProjectJob.perform(context, job.data);
      },
    ),
    await boss.work<RenderProjectProps>(
      RenderProjectJob.deadLetter,
      { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS },
      async ([job]) => {
        if (job) await RenderProjectJob.onFailed(context, job.data);
      },
    ),
  ];
  return {
    async stop() {
      for (const id of ids) await boss.offWork({ id });
    },
  };
}
