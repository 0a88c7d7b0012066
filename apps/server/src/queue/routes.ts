/**
 * `GET /metrics` (D87): the queue's metrics for an operator's Prometheus or autoscaler. Served
 * only when METRICS_TOKEN is set, and only to requests bearing it (docs/security.md); without
 * the token the route does not exist.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../errors';
import { formatQueueMetrics, readQueueSnapshot } from './metrics';

export async function metricsRoutes(app: FastifyInstance) {
  const token = app.config.queue.metricsToken;
  if (!token) return;
  const expected = digest(token);
  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    // Digests compare in constant time whatever the lengths.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw unauthorized('The metrics need the operator token (METRICS_TOKEN) as a bearer token.');
    }
    const snapshot = await readQueueSnapshot(app.db, { deadSeconds: app.config.queue.workerHeartbeat.deadSeconds });
    const { text, contentType } = await formatQueueMetrics(snapshot);
    return reply.header('cache-control', 'no-store').type(contentType).send(text);
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();
