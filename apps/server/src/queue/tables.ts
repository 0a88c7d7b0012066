import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A pg-boss job a worker process holds, as its heartbeat lists it; `slot`: it fills a chunk slot. */
export type HeldJob = { queue: string; id: string; slot?: true };

/**
 * Worker processes that are alive (D87): each writes its row every WORKER_HEARTBEAT_SECONDS. A
 * row older than WORKER_DEAD_SECONDS is a dead process; the first live worker to see it removes it
 * and hands the jobs it held back to the queue. Split renders count the free chunk slots here.
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  /** `host:pid:random`, also recorded on the chunks the process renders. */
  id: text().primaryKey(),
  /** Chunk jobs the process takes at once. */
  chunkSlots: integer().notNull(),
  /** The jobs it held at its last heartbeat. */
  jobs: jsonb().$type<HeldJob[]>().notNull().default([]),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
