import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApi } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Database, openDatabase, queryRows } from '../../db/client.ts';
import { backup_runs, product_variants } from '../../db/schema.ts';
import { prepareDatabase } from '../../prepare-database.ts';
import { createTestApp } from '../../test/app.ts';
import { packArchive, readArchive, resealed, TEST_BACKUP_KEY, withRows } from '../../test/backup-fixtures.ts';
import { putInCart } from '../../test/cart-fixtures.ts';
import { addCategory, seedCatalog } from '../../test/catalog-fixtures.ts';
import { type Engine, engines, withDatabase } from '../../test/database.ts';
import { fingerprint } from '../../test/db-fingerprint.ts';
import { smallJpeg } from '../../test/upload-fixtures.ts';
import { addUser, sessionFor, signedInUser } from '../../test/user-fixtures.ts';
import { processImage } from '../media/image-pipeline.ts';
import { NOT_A_BACKUP, TRUNCATED_BACKUP } from './backup-errors.ts';
import { DATABASE_NOT_EMPTY, mediaNotEmpty, restoreBackup, restoreFailed } from './restore.ts';

const NO_ORDER_LIMITS = { perIdentifier: { max: 1_000_000 }, perIp: { max: 1_000_000 } };

/** An empty place to restore into: a new DATA_DIR, and on PostgreSQL a new empty database. */
async function emptyTarget(engine: Engine) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'souk-restore-'));
  let url: string | undefined;
  let name: string | undefined;
  if (engine === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL as string;
    name = `souk_restore_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    url = withDatabase(admin, name);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BACKUP_KEY: TEST_BACKUP_KEY,
    ...(url ? { DATABASE_URL: url } : {}),
  });
  return {
    config,
    open: (): Promise<Database> =>
      url ? openDatabase({ url, poolSize: 2 }) : openDatabase({ dataDir: path.join(dataDir, 'db') }),
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (name) {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL as string });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      }
    },
  };
}

/** A gzipped tar of `entries`, as some other program would make one. */
async function tarball(entries: Record<string, string>): Promise<Buffer> {
  const pack = tar.pack();
  for (const [name, body] of Object.entries(entries)) pack.entry({ name }, body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of (pack as unknown as Readable).pipe(createGzip())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The names of an archive's entries, in order. */
const entryNames = async (archive: Buffer) => (await readArchive(archive)).map((e) => e.name);

describe.each(engines)('backups on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let c: Awaited<ReturnType<typeof seedCatalog>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      orderRateLimits: NO_ORDER_LIMITS,
      env: { PUBLIC_URL: 'https://boutique.example', BACKUP_KEY: TEST_BACKUP_KEY },
    });
    c = await seedCatalog(t.db);
    admin = await signedInUser(t.db, { role: 'admin' });
    // A picture stored as an upload stores it: its files in DATA_DIR/media.
    await processImage(await smallJpeg(), t.config.mediaDir);
  });
  afterAll(() => t?.close());

  const download = () => t.app.inject({ method: 'POST', url: '/api/admin/backup', headers: admin.auth });
  const lastBackup = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/backup/last', headers: admin.auth })).json().data
      .last;
  /** The back office's button as a browser posts it: an empty form, the admin's cookie, the page's origin. */
  const formPost = (origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/backup',
      headers: {
        cookie: `session=${admin.token}`,
        origin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
  // No spool folder at all is no spool (DATA_DIR/tmp is made by the first backup).
  const spools = () =>
    existsSync(t.config.tmpDir)
      ? readdirSync(t.config.tmpDir).filter((name) => name.startsWith('backup-'))
      : [];

  it('answers 401 to a guest and 403 to a customer', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/backup' })).statusCode).toBe(401);
    const customer = await signedInUser(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/backup', headers: customer.auth });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/backup/last', headers: customer.auth }))
        .statusCode,
    ).toBe(403);
  });

  it('builds nothing on a GET or a HEAD (405, in French), nor on a post from another site (403)', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/api/admin/backup', headers: admin.auth });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toBe('POST');
      if (method === 'GET')
        expect(res.json()).toEqual({
          success: false,
          message: 'Méthode GET non autorisée pour /api/admin/backup',
        });
    }
    // The admin's browser, signed in by its cookie, made to post the form by a page of another site.
    const foreign = await formPost('https://autre-site.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ success: false });
    expect(spools()).toEqual([]);
    expect(await lastBackup()).toBeNull();
  });

  it("takes one from the back office's form: a same-origin post of an empty form, by its cookie", async () => {
    const res = await formPost('https://boutique.example');
    expect(res.statusCode).toBe(200);
    expect((await entryNames(res.rawPayload)).at(-1)).toBe('end.json');
    await vi.waitFor(async () => expect(await lastBackup()).toMatchObject({ bytes: res.rawPayload.length }), {
      timeout: 10_000,
    });
    await t.db.delete(backup_runs);
  });

  it('downloads one archive named with the shop and the date, and remembers when', async () => {
    expect(await lastBackup()).toBeNull();
    // This shop has a BACKUP_KEY: the screen says its archives are sealed.
    const screen = await t.app.inject({ method: 'GET', url: '/api/admin/backup/last', headers: admin.auth });
    expect(screen.json().data.protected).toBe(true);
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="souk-boutique-example-\d{12}\.tar\.gz"$/,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    const names = await entryNames(res.rawPayload);
    expect(names[0]).toBe('manifest.json');
    expect(names.at(-1)).toBe('end.json');
    expect(names).toEqual(expect.arrayContaining(['database/orders.jsonl', 'database/users.jsonl']));
    expect(names.some((n) => /^media\/.+\.webp$/.test(n))).toBe(true);
    expect(names).not.toContain('database/jobs.jsonl');
    // Recorded once the answer's last byte has gone out: just after the client has it all.
    await vi.waitFor(
      async () => expect(await lastBackup()).toMatchObject({ source: 'admin', bytes: res.rawPayload.length }),
      { timeout: 10_000 },
    );
    expect(Date.now() - Date.parse((await lastBackup()).taken_at)).toBeLessThan(60_000);
    expect(spools()).toEqual([]);
  });

  it('restores a backup taken while orders are placed to a consistent shop, pictures included', async () => {
    const variant = c.argan.variants[1]?.id as number;
    await t.db.update(product_variants).set({ stock_quantity: 100 }).where(eq(product_variants.id, variant));
    const buyers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const buyer = await signedInUser(t.db);
        await putInCart(
          t.db,
          { userId: buyer.user.id },
          { productId: c.argan.product.id, variantId: variant },
        );
        return buyer;
      }),
    );
    // The orders and the backup at the same time: each order is in the archive whole, or not at all.
    const [archive] = await Promise.all([
      download(),
      ...buyers.map((b) =>
        t.app.inject({ method: 'POST', url: '/api/orders', headers: b.auth, payload: {} }),
      ),
    ]);
    expect(archive.statusCode).toBe(200);

    const target = await emptyTarget(engine);
    try {
      const restored = await restoreBackup(Readable.from(archive.rawPayload), target.config, {
        force: false,
      });
      expect(restored.shop).toBe('boutique.example');
      const copy = await target.open();
      try {
        const orders = await queryRows<{
          id: number;
          total_amount: number;
          items_total: number;
          items: number;
        }>(
          copy.db,
          sql`select o.id, o.total_amount, coalesce(sum(i.total_price), 0)::int as items_total, count(i.id)::int as items
                from orders o left join order_items i on i.order_id = o.id group by o.id`,
        );
        for (const o of orders) {
          expect(o.items).toBeGreaterThan(0);
          expect(o.items_total).toBe(o.total_amount);
        }
        const [stock] = await queryRows<{ left: number; sold: number }>(
          copy.db,
          sql`select (select stock_quantity from product_variants where id = ${variant}) as left,
                     (select coalesce(sum(quantity), 0)::int from order_items where variant_id = ${variant}) as sold`,
        );
        expect((stock?.left ?? 0) + (stock?.sold ?? 0)).toBe(100);
        // The same customers, products and pictures as the shop had.
        for (const table of ['users', 'products', 'categories', 'product_media']) {
          const [a] = await queryRows<{ n: number }>(
            t.db,
            sql.raw(`select count(*)::int as n from ${table}`),
          );
          const [b] = await queryRows<{ n: number }>(
            copy.db,
            sql.raw(`select count(*)::int as n from ${table}`),
          );
          expect(b, table).toEqual(a);
        }
        // A new order in the restored shop gets the next id, not one already taken.
        const [next] = await queryRows<{ id: number }>(
          copy.db,
          sql`select nextval('orders_id_seq')::int as id`,
        );
        const [max] = await queryRows<{ id: number }>(
          copy.db,
          sql`select coalesce(max(id), 0)::int as id from orders`,
        );
        expect(next?.id).toBeGreaterThan(max?.id ?? 0);
      } finally {
        await copy.close();
      }
      const pictures = readdirSync(t.config.mediaDir).sort();
      expect(pictures.length).toBeGreaterThan(0);
      expect(readdirSync(target.config.mediaDir).sort()).toEqual(pictures);
      const first = pictures[0] as string;
      expect(readFileSync(path.join(target.config.mediaDir, first))).toEqual(
        readFileSync(path.join(t.config.mediaDir, first)),
      );

      // Restored once, the target is no longer empty: a second restore is refused without --force.
      await expect(
        restoreBackup(Readable.from(archive.rawPayload), target.config, { force: false }),
      ).rejects.toThrow(/relancez avec --force/);
      await restoreBackup(Readable.from(archive.rawPayload), target.config, { force: true });
    } finally {
      await target.remove();
    }
  });

  it('refuses to replace a shop without --force, changing nothing; replaces it with --force', async () => {
    const archive = (await download()).rawPayload;
    const target = await emptyTarget(engine);
    const categorySlugs = async () => {
      const copy = await target.open();
      try {
        return (await queryRows<{ slug: string }>(copy.db, sql`select slug from categories`)).map(
          (r) => r.slug,
        );
      } finally {
        await copy.close();
      }
    };
    try {
      await restoreBackup(Readable.from(archive), target.config, { force: false });
      // The restored shop lives on: a category made there since, someone signed in.
      const copy = await target.open();
      await addCategory(copy.db, { name: 'Nouveautés de la semaine' });
      await sessionFor(copy.db, (await addUser(copy.db)).id);
      await copy.close();
      await expect(restoreBackup(Readable.from(archive), target.config, { force: false })).rejects.toThrow(
        DATABASE_NOT_EMPTY,
      );
      expect(await categorySlugs()).toContain('nouveautes-de-la-semaine');
      await restoreBackup(Readable.from(archive), target.config, { force: true });
      expect(await categorySlugs()).not.toContain('nouveautes-de-la-semaine');
      // Every session ended: the one opened since, and the admin's of the shop backed up.
      const after = await target.open();
      try {
        expect(await queryRows(after.db, sql`select count(*)::int as n from sessions`)).toEqual([{ n: 0 }]);
      } finally {
        await after.close();
      }
    } finally {
      await target.remove();
    }
  });

  it("refuses to empty another application's database without --force, and leaves it as it is", async () => {
    const archive = (await download()).rawPayload;
    const target = await emptyTarget(engine);
    try {
      const other = await target.open();
      await other.db.execute(sql`create table factures (id serial primary key, montant integer)`);
      await other.db.execute(sql`insert into factures (montant) values (1500)`);
      await other.close();
      await expect(restoreBackup(Readable.from(archive), target.config, { force: false })).rejects.toThrow(
        DATABASE_NOT_EMPTY,
      );
      const after = await target.open();
      try {
        expect(await queryRows(after.db, sql`select montant from factures`)).toEqual([{ montant: 1500 }]);
      } finally {
        await after.close();
      }
    } finally {
      await target.remove();
    }
  });

  it('refuses to put its pictures over a media folder that has some, without --force', async () => {
    const archive = (await download()).rawPayload;
    const target = await emptyTarget(engine);
    try {
      mkdirSync(target.config.mediaDir, { recursive: true });
      writeFileSync(path.join(target.config.mediaDir, 'autre-360.webp'), 'image');
      await expect(restoreBackup(Readable.from(archive), target.config, { force: false })).rejects.toThrow(
        mediaNotEmpty(target.config.mediaDir),
      );
      expect(readdirSync(target.config.mediaDir)).toEqual(['autre-360.webp']);
    } finally {
      await target.remove();
    }
  });

  it('replaces a shop with --force only once the archive has loaded whole: a failed load leaves it as it was', async () => {
    const good = (await download()).rawPayload;
    const target = await emptyTarget(engine);
    try {
      await restoreBackup(Readable.from(good), target.config, { force: false });
      const copy = await target.open();
      await addCategory(copy.db, { name: 'Arrivages du jour' });
      const before = await fingerprint(copy.db);
      await copy.close();
      const pictures = readdirSync(target.config.mediaDir).sort();
      // The shop's own archive (sealed with its key), one of its order lines naming an order it
      // does not hold: PostgreSQL refuses that row after every table before it has gone in.
      // A picture the shop does not have yet comes with it: put in place, then taken away again.
      const newPicture = `${'e'.repeat(32)}-160.webp`;
      const entries = await readArchive(good);
      entries.splice(-1, 0, { name: `media/${newPicture}`, body: Buffer.from('RIFF') });
      const broken = await packArchive(
        resealed(
          withRows(entries, 'order_items', [
            {
              id: 987654,
              order_id: 987654,
              product_id: c.argan.product.id,
              product_name: 'Huile secrète 987654',
              quantity: 1,
              unit_price: 1000,
              total_price: 1000,
            },
          ]),
          TEST_BACKUP_KEY,
        ),
      );
      const failure = await restoreBackup(Readable.from(broken), target.config, { force: true }).then(
        () => null,
        (error: Error) => error,
      );
      expect(failure?.message).toBe(
        restoreFailed('table order_items : une ligne renvoie à une ligne qui n’existe pas'),
      );
      // One sentence, nothing of the rows.
      expect(failure?.message).not.toMatch(/987654|secrète|@|params/);
      // The shop as it was: its tables, its new category, its pictures, and nothing left behind.
      const after = await target.open();
      try {
        expect(await fingerprint(after.db)).toEqual(before);
      } finally {
        await after.close();
      }
      expect(readdirSync(target.config.mediaDir).sort()).toEqual(pictures);
      expect(pictures).not.toContain(newPicture);
      expect(readdirSync(target.config.dataDir).sort()).toEqual(
        engine === 'postgres' ? ['media', 'tmp'] : ['db', 'media', 'tmp'],
      );
      expect(readdirSync(target.config.tmpDir)).toEqual([]);
      // And it starts as a start does: a server on it answers the category made before.
      const started = await prepareDatabase(target.config, { log: () => {}, warn: () => {} });
      const api = await buildApi({
        config: target.config,
        database: started,
        logger: false,
        jobs: { poll: false, schedule: false },
      });
      try {
        const res = await api.inject({ method: 'GET', url: '/api/categories' });
        expect(res.statusCode).toBe(200);
        expect(JSON.stringify(res.json())).toContain('Arrivages du jour');
      } finally {
        await api.close();
        await started.close();
      }
    } finally {
      await target.remove();
    }
  });

  it('refuses an archive cut short, or one that is not ours, and changes nothing', async () => {
    const archive = (await download()).rawPayload;
    const target = await emptyTarget(engine);
    try {
      const cut = archive.subarray(0, Math.floor(archive.length * 0.6));
      await expect(restoreBackup(Readable.from(cut), target.config, { force: false })).rejects.toThrow(
        TRUNCATED_BACKUP,
      );
      const foreign = await tarball({ 'photo.jpg': 'pas une sauvegarde', 'notes.txt': 'bonjour' });
      await expect(restoreBackup(Readable.from(foreign), target.config, { force: false })).rejects.toThrow(
        NOT_A_BACKUP,
      );
      const notGzip = Buffer.from('ceci est un fichier texte, pas une archive');
      await expect(restoreBackup(Readable.from(notGzip), target.config, { force: false })).rejects.toThrow(
        NOT_A_BACKUP,
      );
      const wrongManifest = await tarball({
        'manifest.json': JSON.stringify({ format: 'autre', version: 1 }),
      });
      await expect(
        restoreBackup(Readable.from(wrongManifest), target.config, { force: false }),
      ).rejects.toThrow(NOT_A_BACKUP);
      // Nothing was made: no database, no media, no staging left behind.
      expect(readdirSync(target.config.dataDir).filter((n) => n !== 'tmp')).toEqual([]);
      expect(readdirSync(target.config.tmpDir)).toEqual([]);
      const fresh = await target.open();
      try {
        const [users] = await queryRows<{ known: boolean }>(
          fresh.db,
          sql`select to_regclass('public.users') is not null as known`,
        );
        expect(users?.known).toBe(false);
      } finally {
        await fresh.close();
      }
    } finally {
      await target.remove();
    }
  });
});
