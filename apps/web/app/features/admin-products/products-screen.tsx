import type {
  AdminProduct,
  AdminProductDetail,
  AdminProductList,
  ParentChoice,
} from '@souk/domain/admin-catalog';
import { Link, useLocation, useRevalidator } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button';
import { ConfirmDeletion } from '~/components/ui/confirm-dialog';
import { ListEmptyState } from '~/components/ui/list-empty-state';
import { NewItemLink } from '~/components/ui/new-item-link';
import { Pagination } from '~/components/ui/pagination';
import { useDropParams, withParams } from '~/lib/url-params';
import { useConfirmedAction } from '~/lib/use-form';
import { ProductFormDialog } from './product-form-dialog';
import { ProductList } from './product-list';
import { clearFiltersHref, isFiltered, type ProductScreen } from './product-params';
import { ProductCounters, ProductToolbar } from './product-toolbar';

/** The header's buttons: 'Actualiser' (reads the list again), 'Créer plusieurs produits', 'Nouveau produit'. */
export function ProductsHeaderActions() {
  const revalidator = useRevalidator();
  const { search } = useLocation();
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => revalidator.revalidate()}
        pending={revalidator.state === 'loading'}
      >
        Actualiser
      </Button>
      <Link
        to={withParams(search, { bulk: 1, edit: null, media: null, variants: null })}
        preventScrollReset
        className={buttonClass('secondary', 'md')}
      >
        Créer plusieurs produits
      </Link>
      <NewItemLink>Nouveau produit</NewItemLink>
    </>
  );
}

/** 'Gestion des produits': counters, search and filters, the products, pages, and the dialogs. */
export function ProductsScreen({
  screen,
  list,
  tree,
  edited,
}: {
  screen: ProductScreen;
  list: AdminProductList;
  tree: readonly ParentChoice[];
  edited: AdminProductDetail | null;
}) {
  const { search } = useLocation();
  const close = useDropParams('edit');
  // Delete, after a confirmation naming the product; the outcome is toasted.
  const deletion = useConfirmedAction('delete-product', (product: AdminProduct) => ({
    intent: 'delete',
    id: String(product.id),
  }));
  const filtering = isFiltered(screen);
  const { pagination } = list;

  return (
    <>
      <ProductCounters counters={list.counters} />
      <ProductToolbar screen={screen} tree={tree} />
      <h2 className="sr-only">Liste des produits</h2>
      {list.products.length === 0 ? (
        <ListEmptyState
          title={filtering ? 'Aucun produit trouvé' : 'Aucun produit'}
          filtering={filtering}
          clear={{ to: clearFiltersHref(screen), label: 'Effacer tous les filtres' }}
          action={<NewItemLink>Créer mon premier produit</NewItemLink>}
        >
          Ajoutez le premier produit de la boutique.
        </ListEmptyState>
      ) : (
        <ProductList products={list.products} view={screen.view} onDelete={deletion.ask} />
      )}
      <Pagination
        pagination={pagination}
        hrefFor={(page) =>
          withParams(search, {
            page: page === 1 ? null : page,
            edit: null,
            variants: null,
            media: null,
            bulk: null,
          })
        }
      />
      <ProductFormDialog
        key={screen.edit ?? 'closed'}
        open={screen.edit !== null && (screen.edit === 'new' || edited !== null)}
        product={screen.edit === 'new' ? null : edited}
        tree={tree}
        onClose={close}
      />
      <ConfirmDeletion deletion={deletion} noun="le produit" />
    </>
  );
}
