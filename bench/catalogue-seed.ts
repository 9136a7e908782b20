// A shop at catalogue scale (docs/decisions/0024): 20 000 products with their variants in 200 categories (20
// main ones, 9 subcategories each), French names and descriptions, generated into a PostgreSQL
// database of its own, migrated with the project's migrations. Never part of `npm start`: the
// catalogue case of `npm run bench` (bench/catalogue.ts) uses it, and it runs alone:
//   node bench/catalogue-seed.ts [postgres://postgres@127.0.0.1:5432/souk_bench_scale]
// which drops and creates that database first.
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { recreateDatabase } from './postgres.ts';

export const CATALOGUE_PRODUCTS = 20_000;
export const CATALOGUE_DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/souk_bench_scale';

const MAIN_CATEGORIES = [
  'Savons',
  'Huiles',
  'Soins du visage',
  'Soins du corps',
  'Cheveux',
  'Parfums',
  'Encens et résines',
  'Bougies',
  'Maison',
  'Hammam',
  'Bébé et maman',
  'Homme',
  'Coffrets',
  'Maquillage',
  'Bien-être',
  'Épicerie fine',
  'Thés et infusions',
  'Accessoires',
  'Voyage',
  'Créations locales',
] as const;
const SUBCATEGORY_KINDS = [
  'Classiques',
  'Bio',
  'Artisanaux',
  'Nouveautés',
  'Éditions limitées',
  'Petits formats',
  'Grands formats',
  'Recharges',
  'Idées cadeaux',
] as const;

// 25 × 40 × 20 = 20 000 distinct names; each type is filed under the main category that sells it
// (TYPE_MAIN: an index into MAIN_CATEGORIES).
const TYPES = [
  'Savon',
  'Huile',
  'Crème',
  'Beurre',
  'Lait',
  'Eau de parfum',
  'Eau de toilette',
  'Brume',
  'Baume',
  'Gommage',
  'Masque',
  'Shampoing',
  'Après-shampoing',
  'Sérum',
  'Lotion',
  'Gel douche',
  'Encens',
  'Bougie',
  'Diffuseur',
  'Attar',
  'Musc',
  'Poudre',
  'Khôl',
  'Henné',
  'Savon noir',
] as const;
const TYPE_MAIN = [0, 1, 2, 3, 3, 5, 5, 5, 3, 9, 2, 4, 4, 2, 2, 3, 6, 7, 8, 5, 5, 13, 13, 4, 9];
const INGREDIENTS = [
  "à l'argan",
  'à la rose de Damas',
  'au jasmin',
  "à l'ambre",
  'au musc blanc',
  'au karité',
  "à la fleur d'oranger",
  'au bissap',
  'au baobab',
  'à la vanille',
  'au santal',
  'au oud',
  "à l'eucalyptus",
  'à la lavande',
  'au citron vert',
  'à la menthe poivrée',
  'au miel',
  "à l'aloe vera",
  'au coco',
  'au nila',
  'au thé vert',
  'à la cannelle',
  'au clou de girofle',
  'à la myrrhe',
  "à l'encens",
  'au patchouli',
  'à la bergamote',
  'au néroli',
  'à la figue',
  'au cèdre',
  'au vétiver',
  "à l'ylang-ylang",
  'au gingembre',
  'au moringa',
  'au ricin',
  'à la nigelle',
  'au ghassoul',
  "à l'hibiscus",
  'au jojoba',
  "à l'avocat",
] as const;
const QUALIFIERS = [
  'bio',
  'artisanal',
  'pressé à froid',
  'de Fès',
  'du Sénégal',
  'de Casamance',
  'traditionnel',
  'intense',
  'doux',
  'fraîcheur',
  'nuit étoilée',
  'éclat',
  'pur',
  'royal',
  'des îles',
  'du désert',
  "d'Orient",
  'sauvage',
  'précieux',
  'velours',
] as const;
const ORIGINS = ['Dakar', 'Saint-Louis', 'Ziguinchor', 'Thiès', 'Marrakech', 'Fès', 'Essaouira', 'Touba'];
const USES = [
  'Appliquer sur peau propre, matin et soir.',
  'À utiliser sous la douche, puis rincer à l’eau tiède.',
  'Quelques gouttes suffisent pour parfumer toute la pièce.',
  'Masser doucement jusqu’à absorption complète.',
  'Laisser poser dix minutes avant de rincer.',
  'Idéal après le hammam ou le bain.',
];
const NOTES = [
  'Un parfum chaleureux et boisé qui tient toute la journée.',
  'Une texture fondante, non grasse, qui nourrit en profondeur.',
  'Fabriqué à la main en petites séries par une coopérative de femmes.',
  'Sans paraben ni silicone, convient aux peaux sensibles.',
  'Une senteur fraîche et florale, parfaite pour l’été.',
  'Un savoir-faire transmis de génération en génération.',
];
const SIZES = [
  ['50 ml', '100 ml', '250 ml'],
  ['100 g', '200 g', '500 g'],
  ['Petit', 'Moyen', 'Grand'],
] as const;

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const slugOf = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Deterministic: the same shop each run, so runs compare. */
function productOf(n: number) {
  const type = pick(TYPES, n);
  const ingredient = pick(INGREDIENTS, Math.floor(n / TYPES.length));
  const qualifier = pick(QUALIFIERS, Math.floor(n / (TYPES.length * INGREDIENTS.length)));
  const name = `${type} ${ingredient} ${qualifier}`;
  const origin = pick(ORIGINS, n * 7);
  const description = [
    `${capitalise(type.toLowerCase())} ${ingredient}, préparé à ${origin} selon une recette ${qualifier === 'traditionnel' ? 'ancestrale' : 'traditionnelle'}.`,
    pick(NOTES, n * 3),
    pick(USES, n * 5),
  ].join(' ');
  return { name, description, price: 1500 + ((n * 37) % 98) * 500 };
}

/**
 * Migrates the (empty) database at `url` and fills it: 200 categories (one subcategory inactive),
 * `count` products (one in 40 inactive; one in ten filed under a main category, the rest under one
 * of its subcategories), 0 to 3 variants each (some out of stock), then ANALYZE.
 */
export async function seedCatalogue(
  url: string,
  count = CATALOGUE_PRODUCTS,
): Promise<{ seedS: number; products: number; variants: number; categories: number }> {
  const started = performance.now();
  const database = await openDatabase({ url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const mains = await client.query<{ id: number }>(
      `insert into categories (name, slug, description, sort_order)
       select name, slug, 'Notre sélection : ' || lower(name) || '.', ord::int
         from unnest($1::text[], $2::text[]) with ordinality as t(name, slug, ord)
       returning id`,
      [MAIN_CATEGORIES, MAIN_CATEGORIES.map(slugOf)],
    );
    const mainIds = mains.rows.map((r) => r.id);
    const subNames = mainIds.flatMap((_, m) =>
      SUBCATEGORY_KINDS.map((kind) => `${kind} · ${pick(MAIN_CATEGORIES, m).toLowerCase()}`),
    );
    const subs = await client.query<{ id: number }>(
      `insert into categories (parent_id, name, slug, description, sort_order, is_active)
       select parent_id, name, slug, name || ', choisis pour vous.', ord::int, ord <> 5
         from unnest($1::int[], $2::text[], $3::text[]) with ordinality as t(parent_id, name, slug, ord)
       returning id`,
      [mainIds.flatMap((id) => SUBCATEGORY_KINDS.map(() => id)), subNames, subNames.map(slugOf)],
    );
    const subIds = subs.rows.map((r) => r.id);

    const rows = Array.from({ length: count }, (_, n) => {
      const p = productOf(n);
      // One product in five is filed elsewhere (gift boxes, men, travel…), so every main category sells.
      const main = n % 5 === 0 ? (n / 5) % mainIds.length : (TYPE_MAIN[n % TYPES.length] as number);
      const sub = Math.floor(n / TYPES.length) % 10;
      const categoryId = sub === 9 ? mainIds[main] : subIds[main * SUBCATEGORY_KINDS.length + sub];
      return { ...p, categoryId: categoryId as number, slug: `${slugOf(p.name)}-${n + 1}`, n };
    });
    const products = await client.query<{ id: number }>(
      `insert into products (category_id, name, slug, description, base_price, sort_order, is_active, created_at, updated_at)
       select category_id, name, slug, description, price, n % 100, n % 40 <> 7,
              now() - n * interval '26 minutes', now() - n * interval '26 minutes'
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[])
           as t(category_id, name, slug, description, price, n)
       order by n
       returning id`,
      [
        rows.map((r) => r.categoryId),
        rows.map((r) => r.name),
        rows.map((r) => r.slug),
        rows.map((r) => r.description),
        rows.map((r) => r.price),
        rows.map((r) => r.n),
      ],
    );
    const variants = products.rows.flatMap(({ id }, n) => {
      const sizes = pick(SIZES, n);
      const price = rows[n]?.price ?? 1500;
      return sizes.slice(0, n % 4).map((size, k) => ({
        productId: id,
        name: size,
        price: price + k * 1000,
        stock: (n + k) % 6 === 0 ? 0 : (n + k) % 3 === 0 ? null : 5 + ((n * 13 + k) % 60),
        sort: k,
      }));
    });
    await client.query(
      `insert into product_variants (product_id, name, price, sku, stock_quantity, sort_order)
       select product_id, name, price, 'BS-' || product_id || '-' || sort, stock, sort
         from unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[])
           as t(product_id, name, price, stock, sort)`,
      [
        variants.map((v) => v.productId),
        variants.map((v) => v.name),
        variants.map((v) => v.price),
        variants.map((v) => v.stock),
        variants.map((v) => v.sort),
      ],
    );
    await client.query('commit');
    await client.query('analyze categories; analyze products; analyze product_variants');
    return {
      seedS: Math.round((performance.now() - started) / 100) / 10,
      products: count,
      variants: variants.length,
      categories: mainIds.length + subIds.length,
    };
  } finally {
    await client.end();
  }
}

if (import.meta.main) {
  const url = process.argv[2] ?? CATALOGUE_DEFAULT_URL;
  const server = new URL(url);
  server.pathname = '/postgres';
  await recreateDatabase(server.toString(), new URL(url).pathname.slice(1));
  const seeded = await seedCatalogue(url);
  console.log(
    `${new URL(url).pathname.slice(1)}: ${seeded.products} products, ${seeded.variants} variants, ${seeded.categories} categories in ${seeded.seedS} s`,
  );
}
