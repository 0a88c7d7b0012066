import { startPostgres } from '@reelwright/testkit';
import type { TestProject } from 'vitest/node';
import { seedMigratedDatabase } from './migrated-database';
import { seedStockMusic } from './stock-music';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server for the integration suite (each test file makes its own database). */
    postgresUrl: string;
  }
}

/**
 * Integration tests run on PGlite and on a real PostgreSQL. Use TEST_DATABASE_URL when given,
 * else start a throwaway cluster; when neither is possible the run fails with what to install.
 * The stock music and the migrated embedded database the servers they start would each make
 * are made once meanwhile.
 */
export default async function setup(project: TestProject) {
  const [postgres, removeMusic, removeDatabase] = await Promise.all([
    postgresServer(),
    seedStockMusic(),
    seedMigratedDatabase(),
  ]);
  project.provide('postgresUrl', postgres.url);
  return async () => {
    await postgres.stop();
    await removeMusic();
    await removeDatabase();
  };
}

async function postgresServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const given = process.env.TEST_DATABASE_URL;
  return given ? { url: given, stop: async () => {} } : startPostgres();
}
