import { defineConfig } from 'vitest/config';

/**
 * Three projects, run in this order by `npm test`: unit (pure code, fast), integration (the
 * server on PGlite and PostgreSQL), e2e (the built app in Chromium). `--project NAME` picks one.
 */
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/scene/test/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'test/**/*.test.ts',
          ],
          environment: 'node',
          // Two files at a time on two cores (Vitest's default there is one), and the modules a
          // worker imported are kept for its next file: importing was most of a file's time.
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Three files at a time even on two cores (Vitest's default there is one): much of a
          // file's time is waiting on PostgreSQL, ffmpeg, worker processes and the queue (the
          // summed file times were 1.7 times the wall time with two). The timeouts allow for the
          // contention.
          maxWorkers: 3,
          // A worker keeps the modules it imported for its next file (the server's import was a
          // fifth of the suite's CPU); files share nothing else: each builds its own app,
          // database and folders.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // Two files at a time, each with its own server and browser (a third made no run
          // shorter). The timeouts, and polls' 15 s, allow for the contention.
          maxWorkers: 2,
          isolate: false,
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
