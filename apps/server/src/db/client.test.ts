import { createTestDatabase } from '@reelwright/testkit';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase } from './client';

describe('PostgreSQL connection pool', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('survives the server dropping an idle connection, and keeps answering', async () => {
    const created = await createTestDatabase(inject('postgresUrl'));
    cleanups.push(created.drop);
    const database = openDatabase({ databaseUrl: created.url, dataDir: 'unused' });
    cleanups.push(() => database.close());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    cleanups.push(async () => warn.mockRestore());

    await database.db.execute(sql`select 1`);
    // What a restart or an administrator does to the idle connection the pool keeps.
    const admin = new pg.Client({ connectionString: created.url });
    await admin.connect();
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 5000 });

    const result = await database.db.execute(sql`select 2 as two`);
    expect(result).toMatchObject({ rows: [{ two: 2 }] });
  });
});
