import type { AdminCategory, AdminCategoryDetail, AdminCategoryList } from '@souk/domain/admin-catalog';
import { countLabel } from '@souk/domain/text';
import { useEffect } from 'react';
import { ConfirmDeletion } from '~/components/ui/confirm-dialog';
import { ListEmptyState } from '~/components/ui/list-empty-state';
import { NewItemLink } from '~/components/ui/new-item-link';
import { showToast } from '~/components/ui/toast';
import { useDropParams } from '~/lib/url-params';
import { useConfirmedAction } from '~/lib/use-form';
import { CategoryCard } from './category-card';
import { CategoryDetailsDialog } from './category-details-dialog';
import { CategoryFormDialog } from './category-form-dialog';
import type { CategoryScreen } from './category-params';
import { CategoryCounters, CategoryToolbar } from './category-toolbar';

/** 'Nouvelle catégorie': opens the form (?edit=new). */
export function NewCategoryLink() {
  return <NewItemLink close={['details']}>Nouvelle catégorie</NewItemLink>;
}

/** 'Gestion des Catégories': counters, search and filters, the categories, and their dialogs. */
export function CategoriesScreen({
  screen,
  list,
  details,
  detailsError,
  edited,
}: {
  screen: CategoryScreen;
  list: AdminCategoryList;
  details: AdminCategoryDetail | null;
  /** Why the asked category could not be shown, or null. */
  detailsError: string | null;
  edited: AdminCategoryDetail | null;
}) {
  // Once per category asked (a second failed one is told again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when another category is asked
  useEffect(() => {
    if (detailsError) showToast({ message: detailsError, tone: 'error' });
  }, [detailsError, screen.details, screen.edit]);
  // Delete, after a confirmation naming the category; a refusal (it still holds things) is toasted.
  const deletion = useConfirmedAction('delete-category', (category: AdminCategory) => ({
    intent: 'delete',
    id: String(category.id),
  }));
  const close = useDropParams('details', 'edit');
  const filtering = Boolean(screen.query.search) || screen.query.status !== 'all';

  return (
    <>
      <CategoryCounters counters={list.counters} />
      <CategoryToolbar screen={screen} />
      <p role="status" className="text-sm text-stone-600">
        {countLabel(
          list.categories.length,
          'catégorie principale affichée',
          'catégories principales affichées',
        )}
      </p>
      {list.categories.length === 0 ? (
        <ListEmptyState
          title={filtering ? 'Aucune catégorie trouvée' : 'Aucune catégorie'}
          filtering={filtering}
          action={<NewCategoryLink />}
        >
          Créez la première catégorie de la boutique.
        </ListEmptyState>
      ) : (
        <ul
          className={
            screen.view === 'grid' ? 'grid gap-4 md:grid-cols-2 xl:grid-cols-3' : 'flex flex-col gap-4'
          }
        >
          {list.categories.map((category) => (
            <li key={category.id}>
              <CategoryCard category={category} view={screen.view} onDelete={deletion.ask} />
            </li>
          ))}
        </ul>
      )}
      <CategoryDetailsDialog category={details} onClose={close} />
      <CategoryFormDialog
        key={screen.edit ?? 'closed'}
        open={screen.edit !== null && (screen.edit === 'new' || edited !== null)}
        category={screen.edit === 'new' ? null : edited}
        tree={list.tree}
        onClose={close}
      />
      <ConfirmDeletion deletion={deletion} noun="la catégorie" />
    </>
  );
}
