import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@reelwright/testkit';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';

/** Every integration suite runs once per database kind. */
export const DB_KINDS = ['pglite', 'postgres'] as const;
export type DbKind = (typeof DB_KINDS)[number];

/** A config for tests: a fresh data folder, quiet logs, rate limits out of the way. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rw-test-')),
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '10000',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    WEB_DIST: path.join(tmpdir(), 'rw-no-web-dist'),
    ...env,
  });
}

/** Opens a fresh, empty database of the given kind. */
export async function openTestDatabase(kind: DbKind): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === 'pglite') return { database: openDatabase({ dataDir: 'memory://' }), drop: async () => {} };
  const created = await createTestDatabase(inject('postgresUrl'));
  return { database: openDatabase({ databaseUrl: created.url, dataDir: 'unused' }), drop: created.drop };
}

/** Builds the app on a fresh database of the given kind; `close` tears both down. */
export async function createTestApp(kind: DbKind, env: Record<string, string> = {}) {
  const config = testConfig(env);
  const { database, drop } = await openTestDatabase(kind);
  const app = await buildApp(config, { database, logger: false });
  return {
    app,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
