import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { banners } from '../../db/schema.ts';

export const findActiveBanners = (db: DbOrTx) =>
  db
    .select()
    .from(banners)
    .where(and(eq(banners.is_active, true)))
    .orderBy(asc(banners.position), asc(banners.id));
