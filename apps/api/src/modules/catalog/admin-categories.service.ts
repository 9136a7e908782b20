import type {
  AdminCategory,
  AdminCategoryDetail,
  AdminCategoryList,
  AdminCategoryListQuery,
  AdminCategoryTree,
  CreateCategoryInput,
  UpdateCategoryInput,
} from '@souk/domain/admin-catalog';
import { CATEGORY_RECENT_PRODUCTS } from '@souk/domain/admin-limits';
import { countLabel, foldText } from '@souk/domain/text';
import type { ImageUpload } from '@souk/domain/uploads';
import { AppError, notFound } from '#shared/app-error.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  oneUpload,
  type PictureDeps,
  pictureColumns,
  pictureOf,
  removePicture,
  withUploadedImages,
} from '../media/image-upload.ts';
import * as writes from './admin-categories.repository.ts';
import { toAdminCategory, toAdminCategoryProduct } from './catalog.mapper.ts';
import * as repo from './catalog.repository.ts';
import { uniqueSlug } from './slugs.repository.ts';

export type CategoryDeps = PictureDeps;

const NOT_FOUND = 'Catégorie non trouvée';
const PARENT_FIELD = 'parent_id';
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

const invalidParent = (message: string) => new AppError('validation', message, { [PARENT_FIELD]: [message] });

// ---- reads ----

const SORTS: Record<AdminCategoryListQuery['sort'], (a: AdminCategory, b: AdminCategory) => number> = {
  name: (a, b) => collator.compare(a.name, b.name),
  newest: (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
  oldest: (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  most_products: (a, b) => b.products_count - a.products_count || collator.compare(a.name, b.name),
  fewest_products: (a, b) => a.products_count - b.products_count || collator.compare(a.name, b.name),
};

/**
 * The categories screen: main categories with their subcategories, filtered and sorted on the
 * server. A main category shows when it matches (then with its subcategories of the asked status)
 * or when one of its subcategories matches (then with those).
 */
export async function listAdminCategories(db: Db, query: AdminCategoryListQuery): Promise<AdminCategoryList> {
  const [mains, subs, products] = await Promise.all([
    repo.topLevelCategories(db, 'admin'),
    repo.allSubcategories(db, 'admin'),
    repo.countProducts(db, 'admin', {}),
  ]);
  const search = foldText(query.search ?? '');
  const statusMatches = (c: AdminCategory) =>
    query.status === 'all' || c.is_active === (query.status === 'active');
  const searchMatches = (c: AdminCategory) =>
    !search || foldText(c.name).includes(search) || foldText(c.description ?? '').includes(search);
  const sort = SORTS[query.sort];

  const tree: AdminCategoryTree[] = [];
  for (const main of mains.map(toAdminCategory)) {
    const children = subs.filter((s) => s.parent_id === main.id).map(toAdminCategory);
    const shownChildren =
      searchMatches(main) && statusMatches(main)
        ? children.filter(statusMatches)
        : children.filter((c) => statusMatches(c) && searchMatches(c));
    if ((searchMatches(main) && statusMatches(main)) || shownChildren.length)
      tree.push({ ...main, subcategories: shownChildren.sort(sort) });
  }
  return {
    categories: tree.sort(sort),
    counters: { main_categories: mains.length, subcategories: subs.length, products: products.total },
    tree: mains.map((main) => ({
      id: main.id,
      name: main.name,
      is_active: main.is_active,
      subcategories: subs
        .filter((s) => s.parent_id === main.id)
        .map((s) => ({ id: s.id, name: s.name, is_active: s.is_active })),
    })),
  };
}

export async function getAdminCategory(db: Db, id: number): Promise<AdminCategoryDetail> {
  const row = await repo.findCategory(db, 'admin', { id });
  if (!row) throw notFound(NOT_FOUND);
  const [parent, subcategories, products] = await Promise.all([
    row.parent_id ? repo.findCategory(db, 'admin', { id: row.parent_id }) : null,
    repo.subcategoriesOf(db, 'admin', [id]),
    repo.findProducts(
      db,
      'admin',
      { categoryOrChildrenId: id },
      { by: 'created_at', direction: 'desc' },
      { limit: CATEGORY_RECENT_PRODUCTS, offset: 0 },
    ),
  ]);
  return {
    ...toAdminCategory(row),
    is_main_category: row.parent_id === null,
    parent: parent ? { id: parent.id, name: parent.name, slug: parent.slug } : null,
    statistics: {
      subcategories_count: row.subcategories_count,
      products_count: row.direct_products_count,
      total_products_including_subcategories: row.products_count,
    },
    subcategories: subcategories.map(toAdminCategory),
    products: products.map(toAdminCategoryProduct),
  };
}

async function adminCategory(db: DbOrTx, id: number): Promise<AdminCategory> {
  const row = await repo.findCategory(db, 'admin', { id });
  if (!row) throw notFound(NOT_FOUND);
  return toAdminCategory(row);
}

// ---- writes ----

/**
 * Keeps the tree at two levels: the parent exists and is a main category, is not the category
 * itself, and a category that has subcategories stays a main one. Call with the rows locked.
 */
function checkParent(
  locked: Map<number, writes.LockedCategory>,
  parentId: number,
  category?: writes.LockedCategory,
) {
  if (category && parentId === category.id)
    throw invalidParent('Une catégorie ne peut pas être sa propre catégorie parente');
  const parent = locked.get(parentId);
  if (!parent) throw invalidParent('La catégorie parente est introuvable');
  if (parent.parent_id !== null)
    throw invalidParent(
      `« ${parent.name} » est une sous-catégorie : choisissez une catégorie principale comme parente`,
    );
  if (category && category.subcategories_count > 0)
    throw invalidParent(
      `« ${category.name} » a des sous-catégories : elle doit rester une catégorie principale`,
    );
}

/** The category form's one upload, when it carries one. */

export async function createCategory({ db, mediaDir }: CategoryDeps, input: CreateCategoryInput) {
  const id = await withUploadedImages(oneUpload(input.image_main, 'image_main'), mediaDir, ([image]) =>
    db.transaction(async (tx) => {
      if (input.parent_id) checkParent(await writes.lockCategories(tx, [input.parent_id]), input.parent_id);
      return writes.insertCategory(tx, {
        name: input.name,
        slug: await uniqueSlug(tx, 'categories', input.name),
        description: input.description ?? null,
        parent_id: input.parent_id ?? null,
        sort_order: input.sort_order ?? 0,
        is_active: input.is_active ?? true,
        ...(image ? pictureColumns(image) : {}),
      });
    }),
  );
  return adminCategory(db, id);
}

export async function updateCategory(
  { db, mediaDir, log }: CategoryDeps,
  id: number,
  input: UpdateCategoryInput,
) {
  const { image_main, ...fields } = input;
  const replaced = await withUploadedImages(oneUpload(image_main, 'image_main'), mediaDir, ([image]) =>
    db.transaction(async (tx) => {
      const parentId = fields.parent_id ?? null;
      const locked = await writes.lockCategories(tx, parentId ? [id, parentId] : [id]);
      const category = locked.get(id);
      if (!category) throw notFound(NOT_FOUND);
      if (parentId !== null && parentId !== category.parent_id) checkParent(locked, parentId, category);
      const renamed = fields.name !== undefined && fields.name !== category.name;
      await writes.updateCategory(tx, id, {
        ...fields,
        ...(renamed ? { slug: await uniqueSlug(tx, 'categories', fields.name as string, id) } : {}),
        ...(image ? pictureColumns(image) : {}),
      });
      return image ? pictureOf(category) : null;
    }),
  );
  // The old picture's files go once the new row is committed.
  if (replaced) await removePicture(mediaDir, replaced, log);
  return adminCategory(db, id);
}

/** Deletes an empty category; one that still holds products or subcategories is kept, and told why. */
export async function deleteCategory({ db, mediaDir, log }: CategoryDeps, id: number) {
  const removed = await db.transaction(async (tx) => {
    const category = (await writes.lockCategories(tx, [id])).get(id);
    if (!category) throw notFound(NOT_FOUND);
    if (category.products_count || category.subcategories_count) {
      const contents = [
        category.products_count ? countLabel(category.products_count, 'produit') : null,
        category.subcategories_count ? countLabel(category.subcategories_count, 'sous-catégorie') : null,
      ].filter(Boolean);
      throw new AppError(
        'conflict',
        `Impossible de supprimer « ${category.name} » : elle contient ${contents.join(' et ')}. Déplacez-les ou supprimez-les d'abord.`,
      );
    }
    await writes.deleteCategory(tx, id);
    return category;
  });
  const picture = pictureOf(removed);
  if (picture) await removePicture(mediaDir, picture, log);
  return { name: removed.name };
}

export const setCategoryImage = (deps: CategoryDeps, id: number, upload: ImageUpload) =>
  updateCategory(deps, id, { image_main: upload });
