import { startPostgres } from '@reelwright/testkit';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server for the integration suite (each test file makes its own database). */
    postgresUrl: string;
  }
}

/**
 * Integration tests run on PGlite and on a real PostgreSQL. Use TEST_DATABASE_URL when given,
 * else start a throwaway cluster; when neither is possible the run fails with what to install.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
