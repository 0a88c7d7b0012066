/**
 * Worker heartbeats (D87). pg-boss 10 has none: a job whose process dies stays active until its
 * expiry (RENDER_TIMEOUT_SECONDS, 30 minutes by default). So each worker process writes a row
 * every few seconds listing the jobs it holds, and on each beat removes the rows of processes
 * silent for WORKER_DEAD_SECONDS and fails their jobs, which pg-boss then retries on a live
 * worker. The rows also say how many chunk slots are alive and free (split renders follow them).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import type { Boss } from '../plugins/queue';
import { type HeldJob, workerHeartbeats } from './tables';

/**
 * This process, as its heartbeat and the chunks it renders name it. The random part tells a
 * restarted process from the one before it on the same host and pid (pid 1 in a container).
 */
export const WORKER_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

export type HeartbeatSettings = { everySeconds: number; deadSeconds: number };

export type WorkerRegistry = {
  /**
   * Wraps a job handler so that this process's heartbeat lists the job while it runs; with
   * `slot`, the job fills one of its chunk slots.
   */
  track<T>(queue: string, handler: PgBoss.WorkHandler<T>, options?: { slot: true }): PgBoss.WorkHandler<T>;
  /** Chunk slots of live workers not filled, less the jobs waiting in `queue` (the chunk queue). */
  freeSlots(queue: string): Promise<number>;
  /** Stops beating and removes this process's row. */
  stop(): Promise<void>;
};

export type WorkerRegistryOptions = {
  db: Db;
  boss: Boss;
  /** Chunk jobs this process takes at once. */
  chunkSlots: number;
  heartbeat: HeartbeatSettings;
  log?: (message: string) => void;
};

export async function startWorkerRegistry(options: WorkerRegistryOptions): Promise<WorkerRegistry> {
  const { db, boss, chunkSlots, heartbeat, log } = options;
  const held = new Map<string, HeldJob>();
  // The queues whose jobs this process's heartbeat lists: only theirs can be found orphaned.
  const trackedQueues = new Set<string>();
  const writeNow = async () => {
    const jobs = [...held.values()];
    await db
      .insert(workerHeartbeats)
      .values({ id: WORKER_ID, chunkSlots, jobs })
      .onConflictDoUpdate({ target: workerHeartbeats.id, set: { jobs, chunkSlots, heartbeatAt: sql`now()` } });
  };
  // Writes go one after another, each listing the jobs held when it runs: on a pool, concurrent
  // upserts could commit out of order and leave an older list as the last word.
  let writing: Promise<unknown> = Promise.resolve();
  const write = () => {
    const next = writing.then(writeNow, writeNow);
    writing = next.catch(() => {});
    return next;
  };
  const report = (what: string) => (error: unknown) =>
    log?.(`worker heartbeat: ${what}: ${error instanceof Error ? error.message : String(error)}`);

  let beating: Promise<void> | undefined;
  const beat = () => {
    // One beat at a time: a slow database must not pile them up.
    beating ??= write()
      .then(async () => {
        await handBackJobsOfDeadWorkers(db, boss, heartbeat.deadSeconds, log);
        await handBackUnlistedJobs(db, boss, [...trackedQueues], heartbeat.deadSeconds, log);
      })
      .catch(report('beat'))
      .finally(() => {
        beating = undefined;
      });
    return beating;
  };
  await write();
  const timer = setInterval(beat, heartbeat.everySeconds * 1000);
  timer.unref();

  return {
    track(queue, handler, options) {
      trackedQueues.add(queue);
      return async (jobs) => {
        for (const job of jobs) held.set(job.id, { queue, id: job.id, ...options });
        // Listed before the work starts, so a process dying at any point after this is noticed.
        await write().catch(report('job start'));
        try {
          return await handler(jobs);
        } finally {
          for (const job of jobs) held.delete(job.id);
          await write().catch(report('job end'));
        }
      };
    },
    freeSlots: (queue) => freeSlots(db, boss, queue, heartbeat.deadSeconds),
    async stop() {
      clearInterval(timer);
      await beating;
      await db.delete(workerHeartbeats).where(eq(workerHeartbeats.id, WORKER_ID)).catch(report('stop'));
    },
  };
}

/** Heartbeats at least this recent are live processes'. */
const liveSince = (deadSeconds: number) => sql`now() - ${deadSeconds} * interval '1 second'`;

/**
 * Removes the rows of processes silent for `deadSeconds` (one live worker wins each row) and
 * fails the jobs they held, so pg-boss retries them (or dead-letters them when retries are spent).
 * A job that another worker has started since the dead one's last beat is left alone.
 */
export async function handBackJobsOfDeadWorkers(
  db: Db,
  boss: Boss,
  deadSeconds: number,
  log?: (message: string) => void,
): Promise<number> {
  const dead = await db
    .delete(workerHeartbeats)
    .where(and(ne(workerHeartbeats.id, WORKER_ID), lt(workerHeartbeats.heartbeatAt, liveSince(deadSeconds))))
    .returning();
  let handedBack = 0;
  for (const worker of dead) {
    for (const job of worker.jobs) {
      const current = await boss.getJobById(job.queue, job.id);
      if (current?.state !== 'active' || !current.startedOn || current.startedOn > worker.heartbeatAt) continue;
      await boss.fail(job.queue, job.id, { message: `worker ${worker.id} stopped answering` });
      handedBack++;
      log?.(`worker ${worker.id} stopped answering: its ${job.queue} job ${job.id} is queued again`);
    }
  }
  return handedBack;
}

/**
 * Fails the active jobs of `queues` that no live heartbeat lists although they started more than
 * `deadSeconds` ago. A worker lists a job as soon as pg-boss hands it over, so such a job was
 * fetched by a process that died before its heartbeat could name it: no row will ever hand it
 * back, and it would wait for its expiry (RENDER_TIMEOUT_SECONDS). Reads pg-boss's job table, as
 * the metrics do; the jobs are failed through pg-boss's own `fail`, which retries them.
 */
export async function handBackUnlistedJobs(
  db: Db,
  boss: Boss,
  queues: string[],
  deadSeconds: number,
  log?: (message: string) => void,
): Promise<number> {
  if (queues.length === 0) return 0;
  const result = await db.execute(sql`
    select j.id::text as id, j.name as queue from pgboss.job j
    where j.state = 'active'
      and j.name in (${sql.join(
        queues.map((queue) => sql`${queue}`),
        sql`, `,
      )})
      and j.started_on < ${liveSince(deadSeconds)}
      and not exists (
        select 1 from ${workerHeartbeats} w, jsonb_array_elements(w.jobs) held
        where held->>'id' = j.id::text and w.heartbeat_at >= ${liveSince(deadSeconds)})`);
  const orphans = (result as unknown as { rows: { id: string; queue: string }[] }).rows;
  for (const job of orphans) {
    await boss.fail(job.queue, job.id, { message: 'its worker stopped before listing it' });
    log?.(`no live worker holds ${job.queue} job ${job.id}: it is queued again`);
  }
  return orphans.length;
}

/** Live processes: how many, and their chunk slots (all, and filled). */
export async function liveWorkers(db: Db, deadSeconds: number) {
  const rows = await db
    .select({ chunkSlots: workerHeartbeats.chunkSlots, jobs: workerHeartbeats.jobs })
    .from(workerHeartbeats)
    .where(gte(workerHeartbeats.heartbeatAt, liveSince(deadSeconds)));
  return {
    count: rows.length,
    slots: rows.reduce((sum, row) => sum + row.chunkSlots, 0),
    busy: rows.reduce((sum, row) => sum + row.jobs.filter((job) => job.slot).length, 0),
  };
}

async function freeSlots(db: Db, boss: Boss, queue: string, deadSeconds: number): Promise<number> {
  const live = await liveWorkers(db, deadSeconds);
  // Jobs waiting in the queue (created or retried) will take slots before a new split's chunks.
  const waiting = await boss.getQueueSize(queue);
  return Math.max(0, live.slots - live.busy - waiting);
}
