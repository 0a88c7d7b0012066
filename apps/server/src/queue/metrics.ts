/**
 * The queue's metrics in Prometheus text format (D87), for an operator's autoscaler: per pg-boss
 * queue the jobs ready to start, those waiting for a retry or start time, those running and the
 * age of the oldest ready one; and the worker processes alive with their chunk slots. Counts and
 * queue names only: no member data.
 */
import { sql } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { liveWorkers } from './service';

export type QueueCounts = {
  queue: string;
  ready: number;
  deferred: number;
  active: number;
  oldestReadySeconds: number;
};

export type QueueSnapshot = {
  queues: QueueCounts[];
  workers: { alive: number; chunkSlots: number; chunkSlotsBusy: number };
};

/**
 * Reads pg-boss's tables (schema `pgboss`, pg-boss 10) and the heartbeats. A queue with no jobs
 * is listed with zeros, so a scaler sees it go to 0.
 */
export async function readQueueSnapshot(db: Db, options: { deadSeconds: number }): Promise<QueueSnapshot> {
  const result = await db.execute(sql`
    select q.name as queue,
      count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now()) as ready,
      count(j.id) filter (where j.state in ('created', 'retry') and j.start_after > now()) as deferred,
      count(j.id) filter (where j.state = 'active') as active,
      coalesce(extract(epoch from now() - min(j.start_after)
        filter (where j.state in ('created', 'retry') and j.start_after <= now())), 0) as oldest
    from pgboss.queue q
    left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active')
    group by q.name
    order by q.name`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const workers = await liveWorkers(db, options.deadSeconds);
  return {
    queues: rows.map((row) => ({
      queue: String(row.queue),
      ready: Number(row.ready),
      deferred: Number(row.deferred),
      active: Number(row.active),
      oldestReadySeconds: Math.max(0, Number(row.oldest)),
    })),
    workers: { alive: workers.count, chunkSlots: workers.slots, chunkSlotsBusy: workers.busy },
  };
}

/** The snapshot as Prometheus text, and its content type. */
export async function formatQueueMetrics(snapshot: QueueSnapshot): Promise<{ text: string; contentType: string }> {
  const registry = new Registry();
  const perQueue = (name: string, help: string, value: (q: QueueCounts) => number) => {
    const gauge = new Gauge({ name, help, labelNames: ['queue'], registers: [registry] });
    for (const q of snapshot.queues) gauge.set({ queue: q.queue }, value(q));
  };
  const single = (name: string, help: string, value: number) => {
    new Gauge({ name, help, registers: [registry] }).set(value);
  };
  perQueue('reelwright_queue_depth', 'Jobs ready to start and waiting for a worker.', (q) => q.ready);
  perQueue('reelwright_queue_deferred', 'Jobs waiting for a retry delay or a start time.', (q) => q.deferred);
  perQueue('reelwright_queue_active', 'Jobs a worker is running.', (q) => q.active);
  perQueue(
    'reelwright_queue_oldest_age_seconds',
    'Seconds the oldest ready job has waited since it could start (0: none waiting).',
    (q) => q.oldestReadySeconds,
  );
  single('reelwright_workers_alive', 'Worker processes whose heartbeat is recent.', snapshot.workers.alive);
  single('reelwright_worker_chunk_slots', 'Chunk jobs the live workers take at once.', snapshot.workers.chunkSlots);
  single(
    'reelwright_worker_chunk_slots_busy',
    'Chunk jobs the live workers are running.',
    snapshot.workers.chunkSlotsBusy,
  );
  return { text: await registry.metrics(), contentType: registry.contentType };
}
