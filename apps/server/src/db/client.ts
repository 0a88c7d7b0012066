import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDurablePGlite } from './durable-pglite';
import { keepMigratedSnapshot, migratedSnapshot } from './memory-snapshot';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded client (PGlite only), for the job queue's SQL adapter. */
  pglite?: PGlite;
  /** The connection string (PostgreSQL only), for the job queue's own pool. */
  url?: string;
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * A connection the server drops (restart, failover, an administrator ending it) emits 'error' on
 * its client, and an 'error' event nobody listens to ends the process. The pool listens only
 * while a client is idle; a client checked out for a transaction needs its own listener. The
 * query in flight fails on its own (its request answers 503), and the pool discards the client
 * and opens a fresh one when next needed.
 */
function listenForLostConnections(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error) => {
      if (!reported) console.warn(`PostgreSQL closed a connection (${error.message}); a new one will be opened.`);
      reported = true;
    });
  });
  // The pool re-emits an idle client's error here; the client's own listener has reported it.
  pool.on('error', () => {});
}

/**
 * Opens PostgreSQL when `databaseUrl` is set, else the embedded PGlite in `<dataDir>/db`, whose
 * commits reach the disk before they are acknowledged (or in memory when `dataDir` is
 * 'memory://', for tests).
 */
export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    listenForLostConnections(pool);
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      url: options.databaseUrl,
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const inMemory = options.dataDir === 'memory://';
  const dir = inMemory ? undefined : path.join(options.dataDir, 'db');
  if (dir) mkdirSync(dir, { recursive: true });
  // In memory, from the migrated snapshot when there is one (memory-snapshot.ts).
  const snapshot = inMemory ? migratedSnapshot(migrationsFolder) : null;
  const client = dir ? openDurablePGlite(dir) : new PGlite(snapshot ? { loadDataDir: snapshot } : {});
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: client,
    async migrate() {
      await migratePglite(db, { migrationsFolder });
      if (inMemory && !snapshot) await keepMigratedSnapshot(client, migrationsFolder);
    },
    close: () => client.close(),
  };
}
