/**
 * The server the save-latency bench drives: the app on the embedded PGlite in DATA_DIR, over HTTP
 * on loopback. `durable` opens the database as the app does; `page-cache` opens PGlite with its
 * own defaults, as the app did before commits were synced to disk (fsync off), for comparison.
 * Prints `listening <url>` once it answers; SIGTERM closes it.
 * Run by save-latency.bench.ts: `node --import tsx bench/save-latency-server.ts durable|page-cache`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, type Db, openDatabase } from '../src/db/client';
import * as schema from '../src/db/schema';

const mode = process.argv[2];
if (mode !== 'durable' && mode !== 'page-cache') throw new Error('Give the mode: durable or page-cache.');

/** PGlite as it comes: writes reach the OS page cache, never the disk. */
function openPageCachePGlite(dataDir: string): Database {
  const dir = path.join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  const db = drizzle({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migrate(db, { migrationsFolder: path.resolve(import.meta.dirname, '../drizzle') }),
    close: () => client.close(),
  };
}

const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0' });
const database = mode === 'durable' ? openDatabase(config) : openPageCachePGlite(config.dataDir);
const app = await buildApp(config, { database, logger: { level: 'warn' } });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
console.log(`listening ${address}`);
