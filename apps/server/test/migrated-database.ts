import { cpSync, mkdtempSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client';

/**
 * A suite's global setup: makes one embedded database with every migration applied, as a
 * server's first start does, and names its data folder in the environment the test files
 * inherit. testkit's startServerProcess copies its `db` folder into each fresh server's data
 * folder: initdb and the migrations took about 7 s of CPU a server, more than a minute each on a
 * loaded machine. Returns the teardown.
 */
export async function seedMigratedDatabase(): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), 'rw-migrated-db-'));
  const database = openDatabase({ dataDir: root });
  await database.migrate();
  await database.close();
  process.env.TEST_MIGRATED_DATA_DIR = root;
  return () => rm(root, { recursive: true, force: true });
}

/**
 * A fresh data folder holding a copy of the run's migrated embedded database, for a test whose
 * database must outlive one app (a CLI opening it after the app closed): its first open then
 * skips initdb and the migrations, which took over a minute under load. Empty without a seed.
 */
export function dataDirWithMigratedDatabase(prefix: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const seed = process.env.TEST_MIGRATED_DATA_DIR;
  if (seed) cpSync(path.join(seed, 'db'), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}
