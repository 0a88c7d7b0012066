import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { OWNED_BY_ACCOUNT } from './owned-by-account';

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const nameOf = (table: PgTable) => getTableName(table);
const registered = new Set(OWNED_BY_ACCOUNT.map((owned) => nameOf(owned.table)));

/** Foreign keys of a table as [column names, referenced table, on delete]. */
function foreignKeysOf(table: PgTable) {
  return getTableConfig(table).foreignKeys.map((fk) => {
    const reference = fk.reference();
    return {
      columns: reference.columns.map((column) => column.name),
      target: nameOf(reference.foreignTable),
      onDelete: fk.onDelete,
    };
  });
}

describe('what an account owns (the registry against the schema)', () => {
  it('lists every table with a foreign key to a member, through that column', () => {
    const withMemberKey = tables.filter((table) => foreignKeysOf(table).some((fk) => fk.target === 'users'));
    expect(withMemberKey.length).toBeGreaterThan(10);
    const missing = withMemberKey.map(nameOf).filter((name) => !registered.has(name));
    expect(missing, 'add these tables to OWNED_BY_ACCOUNT in accounts/owned-by-account.ts').toEqual([]);
    for (const owned of OWNED_BY_ACCOUNT) {
      const keys = foreignKeysOf(owned.table).filter((fk) => fk.target === 'users');
      expect(
        keys.map((fk) => fk.columns),
        nameOf(owned.table),
      ).toContainEqual([owned.userId.name]);
    }
  });

  it('lists each table once', () => {
    expect(registered.size).toBe(OWNED_BY_ACCOUNT.length);
  });

  it('lets rows hanging off a dropped table go with it (cascade or set null)', () => {
    const dropped = new Set(OWNED_BY_ACCOUNT.filter((o) => o.onProof === 'drop').map((o) => nameOf(o.table)));
    const blocking = tables.flatMap((table) =>
      foreignKeysOf(table)
        .filter((fk) => dropped.has(fk.target) && fk.onDelete !== 'cascade' && fk.onDelete !== 'set null')
        .map((fk) => `${nameOf(table)}.${fk.columns.join(',')} → ${fk.target}`),
    );
    expect(blocking).toEqual([]);
  });
});
