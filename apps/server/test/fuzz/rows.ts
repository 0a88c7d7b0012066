import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/** What `execute` answers on both drivers. */
type Rows<T> = { rows: T[] };

/** Per table of the app's schema: its row count and the newest row version's transaction. */
export type RowSnapshot = Record<string, string>;

/**
 * Reads every table of the `public` schema (the app's; pg-boss keeps its own) in one query, so
 * the fuzz test can tell that a refused request wrote, changed or removed nothing: an insert or
 * update makes a row version whose `xmin` is newer than any before, a delete lowers the count.
 * Tables named in `ignored` are left out.
 */
export async function rowSnapshotter(db: Db, ignored: ReadonlySet<string>): Promise<() => Promise<RowSnapshot>> {
  const listed = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as Rows<{ name: string }>;
  const tables = listed.rows.map((row) => row.name).filter((name) => !ignored.has(name));
  const parts = tables.map((name) => {
    const table = `"${name.replaceAll('"', '""')}"`;
    return `'${name}', (select count(*) || ':' || coalesce(max(t.xmin::text::bigint), 0) from ${table} t)`;
  });
  // json_build_object takes at most 100 arguments: 50 tables.
  const query = sql.raw(`select json_build_object(${parts.join(', ')}) as snapshot`);
  return async () => {
    const result = (await db.execute(query)) as unknown as Rows<{ snapshot: RowSnapshot | string }>;
    const snapshot = result.rows[0]?.snapshot ?? {};
    return typeof snapshot === 'string' ? (JSON.parse(snapshot) as RowSnapshot) : snapshot;
  };
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: RowSnapshot, after: RowSnapshot): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
