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
          // Two files at a time on two cores (Vitest's default there is one): most of a file's
          // time is importing modules, not running tests.
          maxWorkers: 2,
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
          // Three files at a time: each starts its own server and browser, and much of a file's
          // time is waiting on renders and timers (with two, the summed file times were 1.9 times
          // the wall time), so the suite fits the CI's 30 minutes. The timeouts allow for the
          // contention.
          maxWorkers: 3,
        },
      },
    ],
  },
});
