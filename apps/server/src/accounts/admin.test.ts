import { createTestDatabase } from '@reelwright/testkit';
import { describe, expect, inject, it, vi } from 'vitest';
import { DB_KINDS, type DbKind, testConfig } from '../../test/helpers';
import { dataDirWithMigratedDatabase } from '../../test/migrated-database';
import { runAdmin } from '../admin';
import { buildApp } from '../app';

/** A config whose database outlives one app, as the CLI needs: a PGlite folder or a PostgreSQL URL. */
async function persistentConfig(kind: DbKind) {
  if (kind === 'pglite') {
    return { config: testConfig({ DATA_DIR: dataDirWithMigratedDatabase('rw-admin-') }), drop: async () => {} };
  }
  const created = await createTestDatabase(inject('postgresUrl'));
  return { config: testConfig({ DATABASE_URL: created.url }), drop: created.drop };
}

describe.each(DB_KINDS)('admin set-plan on %s', (kind) => {
  it('moves a member to the business plan, which the app then reports', async () => {
    const { config, drop } = await persistentConfig(kind);
    const credentials = { email: 'boss@example.com', password: 'pass-word' };
    try {
      // PGlite on a folder is one process at a time: close the app before the CLI opens it.
      const before = await buildApp(config, { logger: false });
      await before.inject({ method: 'POST', url: '/api/members/access/signup', payload: credentials });
      await before.close();

      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        expect(await runAdmin(config, ['set-plan', 'Boss@Example.com', 'business'])).toBe(0);
        expect(log).toHaveBeenCalledWith('boss@example.com is now on the business plan.');
        expect(await runAdmin(config, ['set-plan', 'nobody@example.com', 'paid'])).toBe(1);
        expect(error).toHaveBeenCalledWith('No member with the e-mail nobody@example.com.');
        expect(await runAdmin(config, ['set-plan', 'boss@example.com', 'platinum'])).toBe(2);
      } finally {
        log.mockRestore();
        error.mockRestore();
      }

      const after = await buildApp(config, { logger: false });
      try {
        const res = await after.inject({ method: 'POST', url: '/api/members/access/login', payload: credentials });
        expect(res.json()).toMatchObject({ plan: 'business', abilities: { apiKey: true, optimizer: true } });
      } finally {
        await after.close();
      }
    } finally {
      await drop();
    }
  });
});
