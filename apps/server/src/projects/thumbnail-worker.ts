/**
 * The thumbnail worker: takes `ProjectThumbnailJob`s one at a time (a poster is one small frame,
 * a fraction of a second), beside the render and transcription workers.
 */
import type { Boss } from '../plugins/queue';
import { ProjectThumbnailJob, type ProjectThumbnailProps, type ThumbnailJobContext } from './thumbnail-job';

export type ThumbnailWorker = { stop(): Promise<void> };

/** How often an idle worker asks for work. */
const POLL_SECONDS = 1;

export async function startThumbnailWorker(boss: Boss, context: ThumbnailJobContext): Promise<ThumbnailWorker> {
  await ProjectThumbnailJob.prepare(boss);
  const id = await boss.work<ProjectThumbnailProps>(
    ProjectThumbnailJob.queue,
    { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS },
    async ([job]) => {
      if (job) await ProjectThumbnailJob.perform(context, job.data);
    },
  );
  return {
    async stop() {
      await boss.offWork({ id }).catch(() => {});
    },
  };
}
