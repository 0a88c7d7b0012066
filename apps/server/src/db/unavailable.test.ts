import { createTestDatabase, freePort, terminateConnections } from '@reelwright/testkit';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { isDatabaseUnavailable } from './unavailable';

/** The error a promise rejects with (the test fails if it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );
}

describe('telling a lost database connection from a failed statement', () => {
  let database: Database;
  let url: string;
  let drop = async () => {};
  beforeAll(async () => {
    const created = await createTestDatabase(inject('postgresUrl'));
    url = created.url;
    drop = created.drop;
    database = openDatabase({ databaseUrl: url, dataDir: 'unused' });
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('counts a server that refuses connections as unavailable', async () => {
    const closed = openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/x`, dataDir: '' });
    try {
      expect(isDatabaseUnavailable(await rejectionOf(closed.db.execute(sql`select 1`)))).toBe(true);
    } finally {
      await closed.close();
    }
  });

  it('counts a connection the server ended during a statement as unavailable', async () => {
    // A client of its own, so the statement is the one running when the backend is ended.
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    await client.connect();
    const sleeping = rejectionOf(client.query('select pg_sleep(5)'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await terminateConnections(url);
    const error = await sleeping;
    expect(error).toMatchObject({ code: '57P01' });
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(await rejectionOf(client.query('select 1')))).toBe(true);
  });

  it('does not count a statement that failed on its own', async () => {
    const divided = await rejectionOf(database.db.execute(sql`select 1 / 0`));
    const misspelt = await rejectionOf(database.db.execute(sql.raw('selec 1')));
    await database.db.execute(sql`create table unique_probe (n int primary key)`);
    await database.db.execute(sql`insert into unique_probe values (1)`);
    const duplicate = await rejectionOf(database.db.execute(sql`insert into unique_probe values (1)`));
    for (const error of [divided, misspelt, duplicate, new Error('anything else'), 'a string', null]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
