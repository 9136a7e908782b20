import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@souk/domain/limits';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../client.ts';
import { banners, categories, product_media, product_variants, products } from '../schema.ts';
import { seedDemoShop } from './seed.ts';

let database: Database;
let mediaDir: string;
let seededResult: { seeded: boolean };
const messages: string[] = [];

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
  mediaDir = path.join(mkdtempSync(path.join(tmpdir(), 'souk-seed-')), 'media');
  seededResult = await seedDemoShop(database.db, mediaDir, { log: (m) => messages.push(m) });
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (mediaDir) rmSync(path.dirname(mediaDir), { recursive: true, force: true });
});

const count = async (table: typeof categories | typeof products | typeof product_variants | typeof banners) =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

describe('seedDemoShop', () => {
  it('creates main categories with subcategories, and an inactive one', async () => {
    expect(seededResult).toEqual({ seeded: true });
    const rows = await database.db.select().from(categories);
    const mains = rows.filter((c) => c.parent_id === null);
    expect(mains.length).toBeGreaterThanOrEqual(6);
    for (const main of mains) {
      const subs = rows.filter((c) => c.parent_id === main.id);
      expect(subs.length).toBeGreaterThanOrEqual(2);
      expect(subs.length).toBeLessThanOrEqual(4);
    }
    expect(rows.some((c) => !c.is_active && c.parent_id !== null)).toBe(true);
    expect(rows.every((c) => c.image_key && c.image_width === 1024 && c.image_height === 1024)).toBe(true);
    // Every width is recorded with the row and written, so a srcset names only files that exist.
    for (const c of rows) {
      expect(c.image_widths).toEqual([...IMAGE_WIDTHS]);
      for (const w of c.image_widths)
        expect(existsSync(path.join(mediaDir, `${c.image_key}-${w}.webp`))).toBe(true);
    }
    expect(rows.every((c) => (c.description ?? '').length > 20)).toBe(true);
  });

  it('creates products with variants, unique SKUs and inactive rows', async () => {
    const all = await database.db.select().from(products);
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(all.filter((p) => !p.is_active).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((p) => p.name.includes('Crème')).length).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((p) => p.created_at)).size).toBeGreaterThan(30);
    for (const p of all) {
      expect(p.base_price % 500).toBe(0);
      expect(p.description.length).toBeGreaterThan(60);
    }

    const variants = await database.db.select().from(product_variants);
    const perProduct = new Map<number, number>();
    for (const v of variants) perProduct.set(v.product_id, (perProduct.get(v.product_id) ?? 0) + 1);
    const withTwoToFour = all.filter((p) => {
      const n = perProduct.get(p.id) ?? 0;
      return n >= 2 && n <= 4;
    });
    expect(withTwoToFour.length / all.length).toBeGreaterThan(0.7);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
    expect(variants.some((v) => !v.is_active)).toBe(true);
    expect(variants.some((v) => v.stock_quantity === null)).toBe(true);
    expect(variants.some((v) => v.stock_quantity === 0)).toBe(true);

    // Products inside the inactive category stay in the database.
    const [hidden] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from products p join categories c on c.id = p.category_id where not c.is_active`,
    );
    expect(hidden?.n).toBeGreaterThanOrEqual(1);
  });

  it('gives every product at least one image whose files exist', async () => {
    const all = await database.db.select({ id: products.id }).from(products);
    const media = await database.db.select().from(product_media);
    const byProduct = new Map<number, number>();
    for (const m of media) {
      byProduct.set(m.product_id, (byProduct.get(m.product_id) ?? 0) + 1);
      expect(m).toMatchObject({ type: 'image', mime_type: 'image/webp', width: 1024, height: 1024 });
      expect(m.widths).toEqual([...IMAGE_WIDTHS]);
      expect(m.size_bytes).toBeGreaterThan(0);
      expect(m.alt).toBeTruthy();
      for (const w of m.widths) expect(existsSync(path.join(mediaDir, `${m.path}-${w}.webp`))).toBe(true);
    }
    for (const p of all) expect(byProduct.get(p.id) ?? 0).toBeGreaterThanOrEqual(1);
    expect([...byProduct.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(5);
  });

  it('creates active banners with pictures, and an inactive one', async () => {
    const rows = await database.db.select().from(banners);
    expect(rows.filter((b) => b.is_active).length).toBeGreaterThanOrEqual(3);
    expect(rows.some((b) => !b.is_active)).toBe(true);
    for (const b of rows) {
      expect(b.link_url).toMatch(/^\/catalog\//);
      expect(b).toMatchObject({ image_width: 1024, image_height: 448, image_widths: [...IMAGE_WIDTHS] });
      for (const w of b.image_widths)
        expect(existsSync(path.join(mediaDir, `${b.image_key}-${w}.webp`))).toBe(true);
    }
    expect(messages.at(-1)).toMatch(/^Boutique de démonstration créée/);
  });

  it('does nothing the second time', async () => {
    const before = await Promise.all([categories, products, product_variants, banners].map(count));
    const files = readdirSync(mediaDir).length;
    expect(await seedDemoShop(database.db, mediaDir)).toEqual({ seeded: false });
    expect(await Promise.all([categories, products, product_variants, banners].map(count))).toEqual(before);
    expect(readdirSync(mediaDir)).toHaveLength(files);
  });
});
