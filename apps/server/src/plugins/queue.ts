/**
 * The job queue: pg-boss 10 on the app's database (DESIGN §2–3), PostgreSQL through pg-boss's
 * own pool, PGlite through a small `executeSql` adapter. pg-boss creates or migrates its `pgboss`
 * schema at start. Renders and transcriptions are its jobs.
 */
import type { PGlite } from '@electric-sql/pglite';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';

export type Boss = PgBoss;

/**
 * Creates a job's queue (once) with its dead-letter queue: jobs whose retries are spent land
 * there, and its worker records the failure.
 */
export async function createQueueWithDeadLetter(boss: Boss, queue: string, deadLetter: string): Promise<void> {
  if (!(await boss.getQueue(deadLetter))) await boss.createQueue(deadLetter);
  if (!(await boss.getQueue(queue))) await boss.createQueue(queue, { name: queue, deadLetter });
}

/**
 * pg-boss's `db` contract on PGlite. Parameterless text may hold several statements (pg-boss
 * wraps its maintenance in `BEGIN; …; COMMIT`), which only `exec` runs; parameterised text goes
 * to `query`. Calls are chained so one finishes before the next starts (PGlite has one
 * connection; a statement list must not interleave with another caller's).
 */
export function pgliteExecutor(client: PGlite) {
  let last: Promise<unknown> = Promise.resolve();
  const run = async (text: string, values?: unknown[]): Promise<{ rows: unknown[] }> => {
    if (values && values.length > 0) {
      const result = await client.query(text, values);
      return { rows: result.rows };
    }
    const results = await client.exec(text);
    // The answer is the last statement that returned columns (e.g. the SELECT before a COMMIT).
    const withRows = results.filter((r) => r.fields.length > 0);
    return { rows: withRows.at(-1)?.rows ?? [] };
  };
  return {
    executeSql(text: string, values?: unknown[]) {
      const next = last.then(
        () => run(text, values),
        () => run(text, values),
      );
      last = next.catch(() => {});
      return next;
    },
  };
}

/** Starts pg-boss on the app's database; `stop` it before the database closes. */
export async function startBoss(database: Database, config: Config): Promise<Boss> {
  const common = {
    // Expired jobs (a dead worker's) are found by this sweep; pg-boss allows at most one a minute
    // by default, tests set it lower.
    maintenanceIntervalSeconds: config.render.checkSeconds,
  };
  let boss: PgBoss;
  if (database.kind === 'postgres') {
    boss = new PgBoss({ ...common, connectionString: database.url, max: 4 });
  } else {
    if (!database.pglite) throw new Error('startBoss: the PGlite database did not expose its client');
    boss = new PgBoss({ ...common, db: pgliteExecutor(database.pglite) });
  }
  boss.on('error', (error) => console.warn(`render queue: ${error.message}`));
  await boss.start();
  return boss;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** pg-boss, for queueing jobs (`queueRender`, `requestTranscription`). */
    queue: Boss;
  }
}

/**
 * Starts the queue as `app.queue`, and stops it before the database closes: a running job
 * finishes or is left to be retried.
 */
export const queuePlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    const boss = await startBoss(database, app.config);
    app.decorate('queue', boss);
    app.addHook('preClose', async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    });
  },
  { name: 'queue', dependencies: ['config', 'db'] },
);
