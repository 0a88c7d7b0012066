import { createTestDatabase, terminateConnections } from '@reelwright/testkit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type Database, openDatabase } from './client';
import { isDatabaseUnavailable } from './unavailable';

describe('PostgreSQL connection pool', () => {
  let database: Database;
  let url: string;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const created = await createTestDatabase(inject('postgresUrl'));
    cleanups.push(created.drop);
    url = created.url;
    database = openDatabase({ databaseUrl: url, dataDir: 'unused' });
    cleanups.push(() => database.close());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    cleanups.push(async () => warn.mockRestore());
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('survives the server dropping an idle connection, and keeps answering', async () => {
    await database.db.execute(sql`select 1`);
    // What a restart or an administrator does to the idle connection the pool keeps.
    await terminateConnections(url);
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalled(), { timeout: 5000 });

    const result = await database.db.execute(sql`select 2 as two`);
    expect(result).toMatchObject({ rows: [{ two: 2 }] });
  });

  it('fails a transaction whose connection is cut as unavailable, writes none of it, and reconnects', async () => {
    await database.db.execute(sql`create table cut_probe (n int)`);
    // The connection dies while the transaction holds it: between two of its statements.
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into cut_probe values (1)`);
        await terminateConnections(url);
        // Let the notice of the end arrive before the next statement is sent.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`insert into cut_probe values (2)`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );

    expect(failed).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    const rows = await database.db.execute(sql`select count(*)::int as n from cut_probe`);
    expect(rows).toMatchObject({ rows: [{ n: 0 }] });
  });
});
