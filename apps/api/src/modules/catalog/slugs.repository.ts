import { isDigits } from '@souk/domain/primitives';
import { slugify } from '@souk/domain/text';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** What a name that slugifies to nothing ('!!!') is called in URLs. */
const FALLBACK: Record<'categories' | 'products', string> = { categories: 'categorie', products: 'produit' };

/**
 * Call inside the transaction that writes the row. A slug made from `name` (accents stripped, lowercase, hyphens) that no other row of `table` uses:
 * 'savon-noir', else 'savon-noir-2', 'savon-noir-3'… `exceptId` is the row being renamed.
 */
export async function uniqueSlug(
  db: DbOrTx,
  table: 'categories' | 'products',
  name: string,
  exceptId?: number,
): Promise<string> {
  // Writers of one table take their slugs in turn (until their transaction ends): two products
  // named alike at the same moment get 'x' and 'x-2', not a unique-index error.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`souk:slugs:${table}`}))`);
  const slug = slugify(name).slice(0, 120).replace(/-+$/, '');
  // Digits alone read as an id in the storefront's URLs (/catalog/2024): they get a word first.
  const base = !slug ? FALLBACK[table] : isDigits(slug) ? `${FALLBACK[table]}-${slug}` : slug;
  const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select slug from ${sql.identifier(table)}
         where (slug = ${base} or slug like ${`${escaped}-%`}) and id <> ${exceptId ?? 0}`,
  );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
