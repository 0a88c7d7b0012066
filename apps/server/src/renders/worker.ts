/**
 * The render worker: takes `RenderProjectJob`s one at a time, and runs `onFailed` for jobs whose
 * retries are spent (including those a dead worker held until they expired). With splitting on,
 * it also takes joins of long videos (D76) one at a time, and their chunks one per two cores.
 */
import { availableParallelism } from 'node:os';
import type { Boss } from '../plugins/queue';
import { RenderChunkJob, type RenderChunkProps, splitRender } from './chunk-job';
import { type RenderJobContext, RenderProjectJob, type RenderProjectProps, type SplitSettings } from './job';
import { RenderJoinJob, type RenderJoinProps } from './join-job';

export type RenderWorker = { stop(): Promise<void> };

/** How often an idle worker asks for work. */
const POLL_SECONDS = 1;

/** The jobs' context; with `splitting`, long videos are split into chunk jobs (D76). */
export type RenderWorkerContext = Omit<RenderJobContext, 'splitting'> & { splitting?: SplitSettings };

export async function startRenderWorker(boss: Boss, workerContext: RenderWorkerContext): Promise<RenderWorker> {
  const { splitting } = workerContext;
  const context: RenderJobContext = {
    ...workerContext,
    splitting: splitting && { ...splitting, split: splitRender },
  };
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
  if (context.splitting) {
    await RenderChunkJob.prepare(boss);
    await RenderJoinJob.prepare(boss);
    const options = { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS };
    // As many chunks at once as `renderMovie` would start drawing threads: one per two cores (D25).
    for (let i = 0; i < Math.max(1, Math.floor(availableParallelism() / 2)); i++) {
      ids.push(
        await boss.work<RenderChunkProps>(RenderChunkJob.queue, options, async ([job]) => {
          if (job) await RenderChunkJob.perform(context, job.data);
        }),
      );
    }
    ids.push(
      await boss.work<RenderChunkProps>(RenderChunkJob.deadLetter, options, async ([job]) => {
        if (job) await RenderChunkJob.onFailed(context, job.data);
      }),
      await boss.work<RenderJoinProps>(RenderJoinJob.queue, options, async ([job]) => {
        if (job) await RenderJoinJob.perform(context, job.data);
      }),
      await boss.work<RenderJoinProps>(RenderJoinJob.deadLetter, options, async ([job]) => {
        if (job) await RenderJoinJob.onFailed(context, job.data);
      }),
    );
  }
  return {
    async stop() {
      for (const id of ids) await boss.offWork({ id });
    },
  };
}
