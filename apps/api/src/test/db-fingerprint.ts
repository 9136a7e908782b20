import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';

/** Per table of the public schema: `rows:hash` of every row's text form (order-independent). */
export type Fingerprint = Record<string, string>;

const tablesOf = new WeakMap<Db, Promise<string[]>>();

function publicTables(db: Db) {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ).then((rows) => rows.map((r) => r.name));
    tablesOf.set(db, tables);
  }
  return tables;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A cheap picture of all the data: one query counting and hashing the rows of every table in the
 * public schema (a few milliseconds on the test catalogue), so two pictures differ exactly when a
 * row was added, removed or changed.
 */
export async function fingerprint(db: Db): Promise<Fingerprint> {
  const tables = await publicTables(db);
  const parts = tables.map(
    (name) =>
      `select '${name}' as name, count(*)::int as count,
       coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as hash
       from public.${quoted(name)} t`,
  );
  const rows = await queryRows<{ name: string; count: number; hash: string }>(
    db,
    sql.raw(parts.join(' union all ')),
  );
  return Object.fromEntries(rows.map((r) => [r.name, `${r.count}:${r.hash}`]));
}

/** The tables whose rows differ between two fingerprints, e.g. ['cart_items', 'carts']. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
