/** Worker heartbeats and the queue's metrics: their slice of the configuration (config-slice.ts). */
import { z } from 'zod';
import type { EnvOf } from '../config-slice';

export const queueEnv = {
  WORKER_HEARTBEAT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe('how often each worker process records that it is alive, with the jobs it holds (D87)'),
  WORKER_DEAD_SECONDS: z.coerce
    .number()
    .int()
    .min(2)
    .default(20)
    .describe(
      'a worker process silent for this long is dead: another worker hands its jobs back to the queue (retried at once, not after RENDER_TIMEOUT_SECONDS)',
    ),
  METRICS_TOKEN: z
    .string()
    .min(16)
    .optional()
    .describe(
      'serves the queue metrics (Prometheus text) at `GET /metrics` to requests bearing `Authorization: Bearer <token>`; unset, there is no `/metrics`',
    ),
};

export function queueConfig(e: EnvOf<typeof queueEnv>) {
  return {
    workerHeartbeat: {
      everySeconds: e.WORKER_HEARTBEAT_SECONDS,
      // A live worker misses at most one beat before it counts as dead.
      deadSeconds: Math.max(e.WORKER_DEAD_SECONDS, 2 * e.WORKER_HEARTBEAT_SECONDS),
    },
    /** The bearer token of `GET /metrics`; null: the route is not served. */
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}
