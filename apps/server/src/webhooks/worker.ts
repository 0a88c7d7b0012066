/**
 * The webhook delivery worker: a few attempts at once, so one slow receiver does not hold up
 * the others. Runs beside the render worker, in `serve` or in `worker` processes.
 */
import type { Boss } from '../plugins/queue';
import { WebhookDeliveryJob, type WebhookDeliveryProps, type WebhookJobContext } from './job';

export type WebhookWorker = { stop(): Promise<void> };

const POLL_SECONDS = 1;
/** Attempts in flight per process (pg-boss 10 takes one job per `work` here). */
const PARALLEL = 4;

export async function startWebhookWorker(boss: Boss, context: WebhookJobContext): Promise<WebhookWorker> {
  await WebhookDeliveryJob.prepare(boss);
  const ids: string[] = [];
  for (let i = 0; i < PARALLEL; i++) {
    ids.push(
      await boss.work<WebhookDeliveryProps>(
        WebhookDeliveryJob.queue,
        { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS },
        async ([job]) => {
          if (job) await WebhookDeliveryJob.perform(context, job.data);
        },
      ),
    );
  }
  return {
    async stop() {
      for (const id of ids) await boss.offWork({ id }).catch(() => {});
    },
  };
}
