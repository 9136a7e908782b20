import { slugify } from '@souk/domain/text';
import type { Db } from '../db/client.ts';
import { banners, categories, product_media, product_variants, products } from '../db/schema.ts';

type CategoryInput = {
  name: string;
  parent_id?: number;
  is_active?: boolean;
  sort_order?: number;
  description?: string;
};
type ProductInput = {
  name: string;
  category_id: number;
  base_price: number;
  is_active?: boolean;
  description?: string;
  daysAgo?: number;
  sort_order?: number;
};
type VariantInput = { name: string; price: number; stock_quantity?: number | null; is_active?: boolean };

let sku = 0;

export async function addCategory(db: Db, input: CategoryInput) {
  const [row] = await db
    .insert(categories)
    .values({ slug: slugify(input.name), description: `Sélection ${input.name}`, ...input })
    .returning();
  if (!row) throw new Error('category not inserted');
  return row;
}

export async function addProduct(db: Db, input: ProductInput, variants: VariantInput[] = []) {
  const created = new Date(Date.now() - (input.daysAgo ?? 0) * 86_400_000).toISOString();
  const [row] = await db
    .insert(products)
    .values({
      slug: slugify(input.name),
      description: input.description ?? `${input.name}, fabriqué au Maroc.`,
      created_at: created,
      ...input,
    })
    .returning();
  if (!row) throw new Error('product not inserted');
  const rows = [];
  for (const [i, v] of variants.entries()) {
    sku += 1;
    const [variant] = await db
      .insert(product_variants)
      .values({ product_id: row.id, sku: `SKU-${sku}`, sort_order: i, ...v })
      .returning();
    rows.push(variant);
  }
  await db.insert(product_media).values({
    product_id: row.id,
    type: 'image',
    path: `img${row.id}`,
    widths: [320, 640, 1024],
    width: 1024,
    height: 1024,
    mime_type: 'image/webp',
  });
  return { product: row, variants: rows };
}

/** A small catalogue with every case the public API must handle. */
export async function seedCatalog(db: Db) {
  const soins = await addCategory(db, { name: 'Soins du visage et du corps', sort_order: 1 });
  const cremes = await addCategory(db, { name: 'Crèmes', parent_id: soins.id });
  const masques = await addCategory(db, { name: 'Masques', parent_id: soins.id, is_active: false });
  const parfums = await addCategory(db, { name: 'Parfums', sort_order: 2 });
  const musc = await addCategory(db, { name: 'Musc & Ambre', parent_id: parfums.id });
  const archives = await addCategory(db, { name: 'Archives', is_active: false, sort_order: 3 });

  const argan = await addProduct(
    db,
    { name: "Crème hydratante à l'argan", category_id: cremes.id, base_price: 8500, daysAgo: 3 },
    [
      { name: '50 ml', price: 8500, stock_quantity: null },
      { name: '100 ml', price: 14000, stock_quantity: 4 },
      { name: '200 ml', price: 22000, is_active: false },
    ],
  );
  const nuit = await addProduct(db, {
    name: 'Crème de nuit au figuier',
    category_id: cremes.id,
    base_price: 12000,
    daysAgo: 1,
  });
  const masque = await addProduct(db, {
    name: 'Masque au ghassoul',
    category_id: masques.id,
    base_price: 4000,
  });
  const lait = await addProduct(db, {
    name: 'Lait corporel à la rose',
    category_id: soins.id,
    base_price: 6000,
    daysAgo: 10,
  });
  const muscBlanc = await addProduct(
    db,
    { name: 'Élixir de musc blanc', category_id: musc.id, base_price: 15000, daysAgo: 5 },
    [{ name: '30 ml', price: 15000, stock_quantity: 0 }],
  );
  const ambre = await addProduct(db, {
    name: 'Ambre nuit',
    category_id: musc.id,
    base_price: 18000,
    is_active: false,
  });
  const archived = await addProduct(db, {
    name: 'Crème archivée',
    category_id: archives.id,
    base_price: 1000,
  });
  const numbered = [];
  for (let i = 1; i <= 25; i += 1) {
    numbered.push(
      await addProduct(db, {
        name: `Eau parfumée n°${i}`,
        category_id: parfums.id,
        base_price: 1000 * i,
        daysAgo: 20 + i,
        sort_order: i,
      }),
    );
  }
  await db.insert(banners).values([
    { title: 'Deuxième', position: 2, image_key: 'b2', image_width: 1024, image_height: 448 },
    {
      title: 'Première',
      position: 1,
      image_key: 'b1',
      image_width: 1024,
      image_height: 448,
      link_url: '/catalog/parfums',
    },
    {
      title: 'Masquée',
      position: 0,
      is_active: false,
      image_key: 'b0',
      image_width: 1024,
      image_height: 448,
    },
  ]);
  return {
    soins,
    cremes,
    masques,
    parfums,
    musc,
    archives,
    argan,
    nuit,
    masque,
    lait,
    muscBlanc,
    ambre,
    archived,
    numbered,
  };
}
