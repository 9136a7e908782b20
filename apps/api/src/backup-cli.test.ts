import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { UNSIGNED_BACKUP, UNSIGNED_RISK } from './modules/backup/backup-seal.ts';
import { restoreFailed } from './modules/backup/restore.ts';
import { processImage } from './modules/media/image-pipeline.ts';
import { packArchive, readArchive, resealed, TEST_BACKUP_KEY, withRows } from './test/backup-fixtures.ts';
import { addOrder } from './test/order-fixtures.ts';
import { smallJpeg } from './test/upload-fixtures.ts';
import { addUser } from './test/user-fixtures.ts';

// `npm run backup` and `npm run restore` as a technician runs them, on the embedded database:
// the real scripts in child processes, their exit codes and French messages.

const run = promisify(execFile);
const script = (name: string) => path.join(import.meta.dirname, name);

async function cli(name: string, args: string[], dataDir: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script(name), ...args], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        BACKUP_KEY: TEST_BACKUP_KEY,
      },
    });
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

// Each CLI run is a new Node process that loads the API and starts the embedded database (about
// 8 s with the cores free, 15 s and more when they are busy): the first test starts four and opens
// the database three times itself.
describe('npm run backup and npm run restore on the embedded database', { timeout: 180_000 }, () => {
  let root: string;
  let shop: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'souk-cli-'));
    shop = path.join(root, 'boutique');
    const database = await openDatabase({ dataDir: path.join(shop, 'db') });
    await database.migrate();
    const user = await addUser(database.db, { name: 'Fatou Sow' });
    await addOrder(database.db, { user_id: user.id });
    await addOrder(database.db, { status: 'disponible' });
    await database.close();
    await processImage(await smallJpeg(), path.join(shop, 'media'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const ordersIn = async (dataDir: string) => {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      return await queryRows<{ order_number: string; status: string }>(
        database.db,
        sql`select order_number, status from orders order by id`,
      );
    } finally {
      await database.close();
    }
  };

  it('backs the stopped shop up into one file, and restores it into an empty DATA_DIR', async () => {
    const file = path.join(root, 'sauvegarde.tar.gz');
    const backup = await cli('backup-cli.ts', [file], shop);
    expect(backup.out).toMatch(/Sauvegarde écrite dans .*sauvegarde\.tar\.gz/);
    expect(backup.code).toBe(0);
    expect(existsSync(`${file}.partiel`)).toBe(false);
    // 'Dernière sauvegarde': recorded once the file was written whole, with its size.
    const database = await openDatabase({ dataDir: path.join(shop, 'db') });
    try {
      expect(await queryRows(database.db, sql`select source, bytes from backup_runs`)).toEqual([
        { source: 'cli', bytes: statSync(file).size },
      ]);
    } finally {
      await database.close();
    }

    const copy = path.join(root, 'copie');
    const restore = await cli('restore-cli.ts', [file], copy);
    expect(restore.out).toMatch(/restaurée : \d+ lignes, \d+ fichiers/);
    expect(restore.code).toBe(0);
    expect(await ordersIn(copy)).toEqual(await ordersIn(shop));
    expect(readdirSync(path.join(copy, 'media')).sort()).toEqual(
      readdirSync(path.join(shop, 'media')).sort(),
    );

    // Again into the same place: refused, unless told.
    const again = await cli('restore-cli.ts', [file], copy);
    expect(again.code).toBe(1);
    expect(again.out).toContain(
      "La base de données n'est pas vide : arrêtez la boutique, puis relancez avec --force",
    );
    expect((await cli('restore-cli.ts', [file, '--force'], copy)).code).toBe(0);
  });

  it('restores an unsigned archive only with --unsigned, saying what it risks; a failed --force says why and keeps the shop', async () => {
    const signed = await readArchive(readFileSync(path.join(root, 'sauvegarde.tar.gz')));
    const unsigned = path.join(root, 'sans-signature.tar.gz');
    writeFileSync(unsigned, await packArchive(resealed(signed, null)));
    const elsewhere = path.join(root, 'ailleurs');
    const refused = await cli('restore-cli.ts', [unsigned], elsewhere);
    expect(refused.code).toBe(1);
    expect(refused.out.trim()).toBe(UNSIGNED_BACKUP);
    const told = await cli('restore-cli.ts', [unsigned, '--unsigned'], elsewhere);
    expect(told.code).toBe(0);
    expect(told.out).toContain(UNSIGNED_RISK);
    expect(await ordersIn(elsewhere)).toEqual(await ordersIn(shop));

    // An order line naming no order: refused once loaded, the shop there kept as it was.
    const broken = path.join(root, 'abimee.tar.gz');
    const line = {
      id: 424242,
      order_id: 424242,
      product_name: 'Savon secret',
      quantity: 1,
      unit_price: 1,
      total_price: 1,
    };
    writeFileSync(
      broken,
      await packArchive(resealed(withRows(signed, 'order_items', [line]), TEST_BACKUP_KEY)),
    );
    const before = await ordersIn(elsewhere);
    const failed = await cli('restore-cli.ts', [broken, '--force'], elsewhere);
    expect(failed.code).toBe(1);
    expect(failed.out.trim()).toBe(
      restoreFailed('table order_items : une ligne renvoie à une ligne qui n’existe pas'),
    );
    expect(await ordersIn(elsewhere)).toEqual(before);
    expect(readdirSync(elsewhere).sort()).toEqual(['db', 'media', 'tmp']);
  });

  it('says in French what is wrong: no file, an unknown option, a shop that is running', async () => {
    expect((await cli('backup-cli.ts', [], shop)).out).toContain(
      'Utilisation : npm run backup -- FICHIER.tar.gz',
    );
    expect((await cli('restore-cli.ts', [path.join(root, 'absent.tar.gz')], shop)).out).toContain(
      'Fichier introuvable',
    );
    expect((await cli('restore-cli.ts', ['x.tar.gz', '--forcer'], shop)).out).toContain(
      'Option inconnue : --forcer',
    );
    // A server holds the DATA_DIR: the backup says to take it from the back office, or to stop it.
    const release = lockDataDir(shop);
    try {
      const busy = await cli('backup-cli.ts', [path.join(root, 'pendant.tar.gz')], shop);
      expect(busy.code).toBe(1);
      expect(busy.out).toContain('téléchargez la sauvegarde depuis le back-office (Sauvegarde)');
      expect(existsSync(path.join(root, 'pendant.tar.gz'))).toBe(false);
    } finally {
      release();
    }
  });
});
