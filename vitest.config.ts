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
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
