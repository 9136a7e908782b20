import type { Banner } from '@souk/domain/catalog';
import type { banners } from '../../db/schema.ts';
import { toImageRef } from '../media/media.mapper.ts';

export function toBanner(row: typeof banners.$inferSelect): Banner {
  const image = toImageRef(
    { id: row.id, key: row.image_key, width: row.image_width, height: row.image_height },
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
