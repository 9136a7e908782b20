// A throw-away PostgreSQL database for the bench: dropped and created fresh each run, dropped at the end.
import pg from 'pg';
import { track } from './cleanup.ts';

export type BenchDatabase = { url: string; drop: () => Promise<void> };

/** Runs one statement on the maintenance database; throws when PostgreSQL does not answer. */
async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {}); // a dropped connection must not crash the bench
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end().catch(() => {});
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Only a bench database: a shop's own name passed by mistake must not be wiped (nor skipped quietly). */
function assertBenchName(name: string) {
  if (!name.startsWith('souk_bench'))
    throw new Error(`refusing to drop "${name}": the bench's databases are named souk_bench…`);
}

/** Drops `name` on the server of `serverUrl` (its maintenance database's URL). */
const dropDatabase = (serverUrl: string, name: string) =>
  admin(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);

/** Drops `name` on the server of `serverUrl` (its maintenance database's URL) and creates it empty. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<void> {
  assertBenchName(name);
  await dropDatabase(serverUrl, name);
  await admin(serverUrl, `CREATE DATABASE ${quoteIdent(name)}`);
}

/**
 * Creates `name` on the server of `serverUrl` (a URL to its maintenance database, e.g. …/postgres).
 * Returns the reason when PostgreSQL cannot be reached or the database cannot be created; a name
 * that is not a bench database's stops the run.
 */
export async function createBenchDatabase(
  serverUrl: string,
  name: string,
): Promise<{ database: BenchDatabase } | { skipped: string }> {
  assertBenchName(name);
  try {
    await recreateDatabase(serverUrl, name);
  } catch (error) {
    const e = error as Error & { code?: string };
    return { skipped: `PostgreSQL at ${redact(serverUrl)} did not answer (${e.code ?? e.message})` };
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const release = track({ name: `database ${name}`, release: () => dropDatabase(serverUrl, name) });
  return { database: { url: url.toString(), drop: release } };
}

/** The URL without its password, for printing. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
