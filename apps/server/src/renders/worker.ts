/**
 * The render worker: takes `RenderProjectJob`s one at a time, and runs `onFailed` for jobs whose
 * retries are spent (including those a dead worker held, D87). With splitting on, it also takes
 * joins of long videos (D76) one at a time, and their chunks `chunkSlots` at a time. Its heartbeat
 * lists the jobs it holds, so another worker retries them if this process dies (D87).
 */
import type { Boss } from '../plugins/queue';
import type { WorkerRegistry } from '../queue/service';
import type { ChunkSizing } from '../render/split-plan';
import { createSplitRender, RenderChunkJob, type RenderChunkProps } from './chunk-job';
import { type RenderJobContext, RenderProjectJob, type RenderProjectProps, type SplitSettings } from './job';
import { RenderJoinJob, type RenderJoinProps } from './join-job';

export type RenderWorker = { stop(): Promise<void> };

/** How often an idle worker asks for work. */
const POLL_SECONDS = 1;

/**
 * The jobs' context; with `splitting`, long videos are split into chunk jobs (D76), as many as
 * the live workers' chunk slots free (D87), and this process takes `chunkSlots` at once.
 */
export type RenderWorkerContext = Omit<RenderJobContext, 'splitting'> & {
  splitting?: SplitSettings & { sizing: ChunkSizing; chunkSlots: number };
  /** This process's heartbeat: it lists the jobs held, and counts the free slots. */
  registry: WorkerRegistry;
};

export async function startRenderWorker(boss: Boss, workerContext: RenderWorkerContext): Promise<RenderWorker> {
  const { splitting, registry } = workerContext;
  const freeSlots = () => registry.freeSlots(RenderChunkJob.queue);
  const context: RenderJobContext = {
    ...workerContext,
    splitting: splitting && { ...splitting, split: createSplitRender({ sizing: splitting.sizing, freeSlots }) },
  };
  const options = { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS };
  await RenderProjectJob.prepare(boss);
  const ids = [
    await boss.work<RenderProjectProps>(
      RenderProjectJob.queue,
      options,
      registry.track(RenderProjectJob.queue, async ([job]) => {
        if (job) await RenderProjectJob.perform(context, job.data);
      }),
    ),
    await boss.work<RenderProjectProps>(RenderProjectJob.deadLetter, options, async ([job]) => {
      if (job) await RenderProjectJob.onFailed(context, job.data);
    }),
  ];
  if (splitting && context.splitting) {
    await RenderChunkJob.prepare(boss);
    await RenderJoinJob.prepare(boss);
    // By default as many chunks at once as `renderMovie` would start drawing threads: one per two cores (D25).
    for (let i = 0; i < splitting.chunkSlots; i++) {
      ids.push(
        await boss.work<RenderChunkProps>(
          RenderChunkJob.queue,
          options,
          registry.track(
            RenderChunkJob.queue,
            async ([job]) => {
              if (job) await RenderChunkJob.perform(context, job.data);
            },
            { slot: true },
          ),
        ),
      );
    }
    ids.push(
      await boss.work<RenderChunkProps>(RenderChunkJob.deadLetter, options, async ([job]) => {
        if (job) await RenderChunkJob.onFailed(context, job.data);
      }),
      await boss.work<RenderJoinProps>(
        RenderJoinJob.queue,
        options,
        registry.track(RenderJoinJob.queue, async ([job]) => {
          if (job) await RenderJoinJob.perform(context, job.data);
        }),
      ),
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
