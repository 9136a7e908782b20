import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { PG_TEMPLATE_DB, TEMPLATE_FILE, withDatabase } from './database.ts';

/** Migrates once: a PGlite tarball every test file loads, and a PostgreSQL template database. */
export default async function setup() {
  const pglite = await openDatabase({});
  await pglite.migrate();
  const dump = await pglite.dump?.();
  await pglite.close();
  if (!dump) throw new Error('PGlite dump unavailable');
  mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));

  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.info('[tests] TEST_DATABASE_URL is not set: route tests run on PGlite only.');
    return;
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${PG_TEMPLATE_DB}`);
  await admin.query(`create database ${PG_TEMPLATE_DB}`);
  await admin.end();
  const template = await openDatabase({ url: withDatabase(url, PG_TEMPLATE_DB), poolSize: 1 });
  await template.migrate();
  await template.close();
}
