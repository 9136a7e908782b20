import type {
  AdminBannerList,
  AdminBannerListQuery,
  CreateBannerInput,
  UpdateBannerInput,
} from '@souk/domain/admin-banners';
import { foldText } from '@souk/domain/text';
import { notFound } from '#shared/app-error.ts';
import type { Db } from '../../db/client.ts';
import {
  oneUpload,
  type PictureDeps,
  pictureColumns,
  pictureOf,
  removePicture,
  withUploadedImages,
} from '../media/image-upload.ts';
import { toAdminBanner } from './banners.mapper.ts';
import * as repo from './banners.repository.ts';

// The banners screen ('Gestion des Bannières'): the storefront's carousel reads
// the active ones by position (GET /banners), straight from the database, so every write here shows
// on its next page load (docs/decisions/0020).

export type BannerDeps = PictureDeps;

const NOT_FOUND = 'Bannière non trouvée';

/**
 * Every banner by position, kept by the status and a search on the title or the link (accents and
 * case ignored), with the counters over all of them. A shop holds a handful of banners: they are
 * filtered here rather than by SQL.
 */
export async function listAdminBanners(db: Db, query: AdminBannerListQuery): Promise<AdminBannerList> {
  const all = (await repo.findAllBanners(db)).map(toAdminBanner);
  const search = foldText(query.search ?? '');
  const banners = all.filter(
    (b) =>
      (query.status === 'all' || b.active === (query.status === 'active')) &&
      (!search || foldText(b.title).includes(search) || foldText(b.link_url ?? '').includes(search)),
  );
  const active = all.filter((b) => b.active).length;
  return { banners, counters: { total: all.length, active, inactive: all.length - active } };
}

async function adminBanner(db: Db, id: number) {
  const row = await repo.findBanner(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return toAdminBanner(row);
}

export async function createBanner({ db, mediaDir }: BannerDeps, input: CreateBannerInput) {
  const { image: upload, ...fields } = input;
  const id = await withUploadedImages(oneUpload(upload, 'image'), mediaDir, ([image]) =>
    db.transaction((tx) => repo.insertBanner(tx, { ...fields, ...(image ? pictureColumns(image) : {}) })),
  );
  return adminBanner(db, id);
}

export async function updateBanner({ db, mediaDir, log }: BannerDeps, id: number, input: UpdateBannerInput) {
  const { image: upload, ...fields } = input;
  const replaced = await withUploadedImages(oneUpload(upload, 'image'), mediaDir, ([image]) =>
    db.transaction(async (tx) => {
      const banner = await repo.lockBanner(tx, id);
      if (!banner) throw notFound(NOT_FOUND);
      await repo.updateBanner(tx, id, { ...fields, ...(image ? pictureColumns(image) : {}) });
      return image ? pictureOf(banner) : null;
    }),
  );
  // The old picture's files go once the new row is committed.
  if (replaced) await removePicture(mediaDir, replaced, log);
  return adminBanner(db, id);
}

export async function deleteBanner({ db, mediaDir, log }: BannerDeps, id: number) {
  const removed = await db.transaction((tx) => repo.deleteBanner(tx, id));
  if (!removed) throw notFound(NOT_FOUND);
  const picture = pictureOf(removed);
  if (picture) await removePicture(mediaDir, picture, log);
  return { title: removed.title };
}
