import type { AdminBanner } from '@souk/domain/admin-banners';
import type { Banner } from '@souk/domain/catalog';
import type { banners } from '../../db/schema.ts';
import { toImageRef } from '../media/media.mapper.ts';

type BannerRow = typeof banners.$inferSelect;

export function toBanner(row: BannerRow): Banner {
  const image = toImageRef(
    {
      id: row.id,
      key: row.image_key,
      widths: row.image_widths,
      width: row.image_width,
      height: row.image_height,
    },
    row.title,
  );
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image_url: image?.url ?? '',
    image,
    link_url: row.link_url,
    position: row.position,
    active: row.is_active,
  };
}

/** A banner as the back office shows it: with its creation date (its relative age on the card). */
export const toAdminBanner = (row: BannerRow): AdminBanner => ({
  ...toBanner(row),
  created_at: new Date(row.created_at).toISOString(),
});
