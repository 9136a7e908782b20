import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from './client.ts';
import { sqlState } from './errors.ts';

// Tables as files of JSON lines, one per table, read in one consistent snapshot, and loaded back
// into an empty database migrated to the same level (docs/decisions/0035). Generic over the
// catalogue, not over the modules' repositories: which tables is the caller's list (a backup's,
// modules/backup/backup-tables.ts).
/** Rows fetched from a table's cursor at a time. */
const FETCH_ROWS = 500;
/** Rows inserted per statement when a table is loaded. */
const INSERT_ROWS = 500;

export type TableDump = { name: string; rows: number; file: string };
/** Where the schema was when the snapshot was taken: how many migrations, and the last one's stamp. */
export type MigrationLevel = { count: number; last: number | null };

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

async function publicTables(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/** Columns a row is inserted with: generated ones (search vectors) are the database's to compute. */
async function insertableColumns(db: DbOrTx, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
         where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
           and coalesce(identity_generation, '') <> 'ALWAYS'
         order by ordinal_position`,
  );
  return rows.map((r) => r.name);
}

export async function migrationLevel(db: DbOrTx): Promise<MigrationLevel> {
  const [known] = await queryRows<{ known: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as known`,
  );
  if (!known?.known) return { count: 0, last: null };
  const [row] = await queryRows<{ count: number; last: string | null }>(
    db,
    sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  return { count: row?.count ?? 0, last: row?.last ? Number(row.last) : null };
}

/**
 * Writes every table's rows to `dir` (`<table>.jsonl`) inside one repeatable-read, read-only
 * transaction: what orders were being placed meanwhile is either wholly in (the order, its items,
 * its stock taken) or wholly out. Written to disk, not streamed to the caller, so the transaction
 * (on PGlite, the only connection) lasts as long as the reading, not as long as a slow download.
 */
export async function dumpDatabase(db: Db, dir: string, only: readonly string[]) {
  const wanted = new Set(only);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const level = await migrationLevel(tx);
    const tables: TableDump[] = [];
    for (const name of await publicTables(tx)) {
      if (!wanted.has(name)) continue;
      const file = path.join(dir, `${name}.jsonl`);
      // A file handle: a full disk is an error this backup answers, not an event that stops the server.
      const out = await open(file, 'w');
      let rows = 0;
      await tx.execute(
        sql`declare snapshot_rows no scroll cursor for select row_to_json(t)::text as row from ${ident(name)} t`,
      );
      for (;;) {
        const batch = await queryRows<{ row: string }>(
          tx,
          sql`fetch ${sql.raw(String(FETCH_ROWS))} from snapshot_rows`,
        );
        if (batch.length === 0) break;
        try {
          await out.write(`${batch.map((b) => b.row).join('\n')}\n`);
        } catch (error) {
          await out.close();
          throw error;
        }
        rows += batch.length;
      }
      await tx.execute(sql`close snapshot_rows`);
      await out.close();
      tables.push({ name, rows, file: `${name}.jsonl` });
    }
    return { level, tables };
  });
}

/** Tables in an order where each comes after those its foreign keys point to (self-references aside). */
async function loadOrder(
  db: DbOrTx,
  tables: string[],
): Promise<{ order: string[]; selfReferencing: Set<string> }> {
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_class p on p.oid = k.confrelid
          join pg_namespace n on n.oid = c.relnamespace
         where k.contype = 'f' and n.nspname = 'public'`,
  );
  const selfReferencing = new Set(edges.filter((e) => e.child === e.parent).map((e) => e.child));
  const order: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent, path);
    placed.add(table);
    order.push(table);
  };
  for (const t of tables) visit(t, new Set());
  return { order, selfReferencing };
}

function isOneRow(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

async function* lineBatches(file: string, size: number) {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let batch: string[] = [];
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** Why a table's rows did not go in, in the owner's words, from PostgreSQL's error class: never the rows. */
function refusalOf(error: unknown): string {
  const code = sqlState(error) ?? '';
  if (code === '23503') return 'une ligne renvoie à une ligne qui n’existe pas';
  if (code === '23505') return 'deux lignes ont la même clé';
  if (code === '23502') return 'une valeur obligatoire manque';
  if (code === '23514' || code === '23P01') return 'une valeur enfreint une règle de la base';
  if (code.startsWith('22')) return 'une valeur n’a pas le format attendu';
  return 'la base a refusé ses lignes';
}

/** A table of a backup that did not load: its name and why, and nothing of its rows. */
export class TableLoadError extends Error {
  readonly table: string;
  readonly reason: string;
  constructor(table: string, reason: string) {
    super(`table ${table} : ${reason}`);
    this.name = 'TableLoadError';
    this.table = table;
    this.reason = reason;
  }
}

/**
 * Loads the dumped tables (files under `dir`) into a database migrated to the dump's level, in
 * the caller's transaction: all of it or nothing. The tables' own triggers (the sales counters,
 * the catalogue's change notices) are off while their rows go in as they were; foreign keys are checked, parents
 * first. A self-referencing table (categories) goes in one statement, so a row may name a parent
 * listed after it. The id sequences then continue after the highest id loaded.
 */
export async function loadDatabase(tx: DbOrTx, dir: string, tables: readonly TableDump[]) {
  const present = new Set(await publicTables(tx));
  for (const t of tables)
    if (!present.has(t.name)) throw new TableLoadError(t.name, 'absente de la base à ce niveau de migration');
  const { order, selfReferencing } = await loadOrder(
    tx,
    tables.map((t) => t.name),
  );
  for (const t of tables) await tx.execute(sql`alter table ${ident(t.name)} disable trigger user`);
  for (const name of order) {
    const dump = tables.find((t) => t.name === name) as TableDump;
    const columns = await insertableColumns(tx, name);
    const list = sql.join(
      columns.map((c) => ident(c)),
      sql`, `,
    );
    const size = selfReferencing.has(name) ? Number.MAX_SAFE_INTEGER : INSERT_ROWS;
    for await (const batch of lineBatches(path.join(dir, dump.file), size)) {
      // One object a line: the batch is joined into one JSON array, where `{…},{…}` on one line
      // would be two rows for one counted.
      if (!batch.every(isOneRow)) throw new TableLoadError(name, 'une ligne n’est pas une ligne de table');
      // The driver's error quotes the statement and its rows (e-mails, password hashes): only
      // the table and PostgreSQL's reason go on.
      await tx
        .execute(
          sql`insert into ${ident(name)} (${list})
              select ${list} from json_populate_recordset(null::${ident(name)}, ${`[${batch.join(',')}]`}::json)`,
        )
        .catch((error: unknown) => {
          throw new TableLoadError(name, refusalOf(error));
        });
    }
  }
  for (const t of tables) await tx.execute(sql`alter table ${ident(t.name)} enable trigger user`);
  const serials = await queryRows<{ table: string; column: string }>(
    tx,
    sql`select table_name as table, column_name as column from information_schema.columns
           where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  for (const s of serials) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${`public.${s.table}`}, ${s.column}),
                          coalesce((select max(${ident(s.column)}) from ${ident(s.table)}), 0) + 1, false)`,
    );
  }
}

/**
 * Whether the database is empty: no table, view or sequence of anyone's in `public`, and no
 * migration record. A restore replaces anything else only when told (`--force`): the URL may name
 * another application's database.
 */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`select exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                        where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f', 'S'))
            or exists (select 1 from pg_namespace where nspname = 'drizzle') as used`,
  );
  return !row?.used;
}

/**
 * Empties the database entirely (restore `--force`): the shop's tables and the migrations' record.
 * In the caller's transaction, which a failure later rolls back to the shop as it was.
 */
export async function dropEverything(db: DbOrTx) {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql`create schema public`);
}
