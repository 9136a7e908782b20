import type { ProductSummary } from '@souk/domain/catalog';
import { CATALOG_PAGE_SIZE, PRODUCTS_MAX_PER_PAGE } from '@souk/domain/limits';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '~/components/ui/empty-state';
import { browserApi } from '~/lib/api.client';
import { CatalogLink } from './catalog-link';
import type { ProductBatch, ProductBatchFilter } from './product-batch';
import { ProductGrid } from './product-grid';

const countText = (shown: number, total: number) =>
  `${shown} ${shown > 1 ? 'produits affichés' : 'produit affiché'} sur ${total}`;

/**
 * The catalogue's products, shown 12 at a time from batches of 100. 'Voir plus de
 * produits' reveals the next 12 from memory and only calls the API when the batch runs out.
 * Without JavaScript the button submits ?n=… and the loader renders more.
 */
export function LoadMoreProducts({
  batch,
  filter,
  initialVisible,
}: {
  batch: ProductBatch;
  filter: ProductBatchFilter;
  initialVisible: number;
}) {
  const [products, setProducts] = useState<ProductSummary[]>(batch.products);
  const [page, setPage] = useState(batch.page);
  const [lastPage, setLastPage] = useState(batch.lastPage);
  const [total, setTotal] = useState(batch.total);
  const [visible, setVisible] = useState(Math.min(initialVisible, batch.products.length));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const focusIndex = useRef<number | null>(null);

  // After appending, move focus to the first new card so keyboard and screen-reader users carry on from there.
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || index >= visible) return;
    focusIndex.current = null;
    items.current[index]?.querySelector<HTMLAnchorElement>('h3 a')?.focus();
  }, [visible]);

  const reveal = (available: number) => {
    const next = Math.min(visible + CATALOG_PAGE_SIZE, available);
    focusIndex.current = visible;
    setVisible(next);
  };

  const loadMore = async () => {
    setError(null);
    if (visible + CATALOG_PAGE_SIZE <= products.length || page >= lastPage) {
      reveal(products.length);
      return;
    }
    setLoading(true);
    const result = await browserApi.get('/products', {
      query: { ...filter, per_page: PRODUCTS_MAX_PER_PAGE, page: page + 1 },
    });
    setLoading(false);
    if (!result.ok) {
      setError('Erreur lors du chargement des produits');
      return;
    }
    const next = result.data;
    // Guard against duplicates if the list shifted between calls.
    const known = new Set(products.map((p) => p.id));
    const merged = [...products, ...next.products.filter((p) => !known.has(p.id))];
    setProducts(merged);
    setPage(next.pagination.current_page);
    setLastPage(next.pagination.last_page);
    setTotal(next.pagination.total);
    const shown = Math.min(visible + CATALOG_PAGE_SIZE, merged.length);
    focusIndex.current = visible;
    setVisible(shown);
  };

  const hasMore = visible < products.length || page < lastPage;

  return (
    <div className="flex flex-col gap-5">
      {/* No eager card: the category's header picture above is the page's main one (LCP). */}
      <ProductGrid
        products={products.slice(0, visible)}
        itemRef={(index, element) => {
          items.current[index] = element;
        }}
      />
      {/* Live regions speak changes only, so the count is announced after 'Voir plus', not on load. */}
      <p className="text-center text-sm text-stone-600" aria-live="polite">
        {countText(visible, total)}
      </p>
      {error && (
        <p role="alert" className="text-center text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {hasMore && (
        <form method="get" className="flex justify-center">
          <button
            type="submit"
            name="n"
            value={visible + CATALOG_PAGE_SIZE}
            disabled={loading}
            aria-busy={loading}
            onClick={(event) => {
              event.preventDefault();
              void loadMore();
            }}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-emerald-800 bg-white px-6 py-2.5 text-sm font-semibold text-emerald-900 shadow-sm transition hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 disabled:cursor-wait disabled:opacity-70"
          >
            {loading && (
              <span
                aria-hidden="true"
                className="h-4 w-4 animate-spin rounded-full border-2 border-emerald-800 border-t-transparent"
              />
            )}
            {loading ? 'Chargement…' : 'Voir plus de produits'}
          </button>
        </form>
      )}
    </div>
  );
}

/** The 'Produits' section of a category or subcategory page: its products, or the empty state. */
export function CategoryProductsSection({
  batch,
  filter,
  initialVisible,
  listKey,
}: {
  batch: ProductBatch;
  filter: ProductBatchFilter;
  initialVisible: number;
  /** Keyed so moving to another category starts from its own first page. */
  listKey: string | number | undefined;
}) {
  return (
    <section aria-labelledby="products-title" className="flex flex-col gap-3">
      <h2 id="products-title" className="text-lg font-semibold text-stone-900">
        Produits
      </h2>
      {batch.total === 0 ? (
        <EmptyState title="Aucun produit disponible" headingLevel={3} action={<CatalogLink />} />
      ) : (
        <LoadMoreProducts key={listKey} batch={batch} filter={filter} initialVisible={initialVisible} />
      )}
    </section>
  );
}
