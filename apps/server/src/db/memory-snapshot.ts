import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A migrated, empty in-memory database as PGlite dumps its data directory. An in-memory database
 * (the make command's, the tests') starts from it instead of running initdb and every migration:
 * 0.45 s instead of 1.6 s. Kept for the process, and on disk under the server's
 * node_modules/.cache (as the render worker's bundle is), named by a hash of the migrations and
 * PGlite's version, so the next `npm run make` finds it and a changed migration makes a new one.
 */
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/reelwright/', import.meta.url));

/** This process's snapshot: its key, and the dump once read from disk or made. */
let snapshot: { key: string; dump: Blob | null } | null = null;

/** What the snapshot depends on: every migration file and the PGlite release that wrote it. */
function snapshotKey(migrationsFolder: string): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(migrationsFolder, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** The installed PGlite's version (its package.json is not among its exports). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (manifest.name === '@electric-sql/pglite') return String(manifest.version);
    } catch {
      // No package.json at this level.
    }
  }
  throw new Error('PGlite’s package.json was not found beside its code: run `npm install` again.');
}

const fileOf = (key: string) => path.join(CACHE, `pglite-migrated.${key}.tar`);

/** The snapshot record of this process, read from disk the first time. */
function snapshotOf(migrationsFolder: string): { key: string; dump: Blob | null } {
  if (!snapshot) {
    const key = snapshotKey(migrationsFolder);
    let dump: Blob | null = null;
    try {
      dump = new Blob([readFileSync(fileOf(key))]);
    } catch {
      // Not made yet on this machine.
    }
    snapshot = { key, dump };
  }
  return snapshot;
}

/** The dump to start an in-memory database from, or null until one has been migrated once. */
export function migratedSnapshot(migrationsFolder: string): Blob | null {
  return snapshotOf(migrationsFolder).dump;
}

/** Keeps the data directory of a database just migrated from empty, for the next ones. */
export async function keepMigratedSnapshot(client: PGlite, migrationsFolder: string): Promise<void> {
  const kept = snapshotOf(migrationsFolder);
  if (kept.dump) return;
  kept.dump = await client.dumpDataDir('none');
  try {
    mkdirSync(CACHE, { recursive: true });
    const file = fileOf(kept.key);
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await kept.dump.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    // A read-only install: the process still reuses it.
  }
}
