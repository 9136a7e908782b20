import type { AdminProduct } from '@souk/domain/admin-catalog';
import { formatFcfa } from '@souk/domain/money';
import { countLabel } from '@souk/domain/text';
import { Link, useLocation } from 'react-router';
import { ActiveBadge } from '~/components/ui/badge';
import { Button, buttonClass } from '~/components/ui/button';
import { categoryPath } from '~/components/ui/category-options';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { withParams } from '~/lib/url-params';
import type { ProductView } from './product-params';

type OnDelete = (product: AdminProduct) => void;

/** A product action that opens its dialog over the list (the URL says which), keeping the list's place. */
function ActionLink({ to, label, children }: { to: string; label: string; children: string }) {
  return (
    <Link to={to} preventScrollReset className={buttonClass('secondary', 'sm')} aria-label={label}>
      {children}
    </Link>
  );
}

/** Edit (?edit=ID), manage the images (?media=ID) and the variants (?variants=ID), delete (asks first). */
function ProductActions({
  product,
  onDelete,
  grid = false,
}: {
  product: AdminProduct;
  onDelete: OnDelete;
  /** Two by two, in the table: four buttons in a row would push it past a 1280 px screen. */
  grid?: boolean;
}) {
  const { search } = useLocation();
  return (
    <div className={grid ? 'grid w-max grid-cols-2 gap-2' : 'flex flex-wrap gap-2'}>
      <ActionLink to={withParams(search, { edit: product.id })} label={`Modifier ${product.name}`}>
        Modifier
      </ActionLink>
      <ActionLink
        to={withParams(search, { media: product.id, edit: null, variants: null })}
        label={`Gérer les images de ${product.name}`}
      >
        Images
      </ActionLink>
      <ActionLink
        to={withParams(search, { variants: product.id, edit: null, media: null })}
        label={`Gérer les variantes de ${product.name}`}
      >
        Variantes
      </ActionLink>
      <Button
        size="sm"
        variant="danger"
        onClick={() => onDelete(product)}
        aria-label={`Supprimer ${product.name}`}
      >
        Supprimer
      </Button>
    </div>
  );
}

/** The base price, and how many variants may price it otherwise. */
function ProductPrice({ product }: { product: AdminProduct }) {
  return (
    <span className="flex flex-col">
      <span className="font-semibold whitespace-nowrap text-stone-900">{formatFcfa(product.base_price)}</span>
      {product.variants_count > 0 && (
        <span className="text-xs text-stone-600">{countLabel(product.variants_count, 'variante')}</span>
      )}
    </span>
  );
}

/**
 * A product as a card: a tile of the grid view (picture on top), or a row of the table view on a
 * phone (picture beside it), where no table would fit.
 */
function ProductCard({
  product,
  tile,
  onDelete,
}: {
  product: AdminProduct;
  tile: boolean;
  onDelete: OnDelete;
}) {
  const headingId = `product-${product.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex h-full gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm ${tile ? 'flex-col' : ''}`}
    >
      <ResponsiveImage
        image={product.image}
        alt=""
        sizes={tile ? '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw' : '96px'}
        className={`shrink-0 rounded-xl bg-stone-100 object-cover ${tile ? 'aspect-[4/3] w-full' : 'h-24 w-24'}`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 id={headingId} className="font-semibold break-words text-stone-900">
          {product.name}
        </h3>
        <p className="text-sm break-words text-stone-600">{categoryPath(product.category)}</p>
        <div className="flex flex-wrap items-center gap-2">
          <ProductPrice product={product} />
          <ActiveBadge active={product.is_active} />
        </div>
        <p className="truncate text-xs text-stone-500">{product.slug}</p>
        <div className={tile ? 'mt-auto pt-1' : ''}>
          <ProductActions product={product} onDelete={onDelete} />
        </div>
      </div>
    </article>
  );
}

function ProductCards({
  products,
  tile,
  onDelete,
  className,
}: {
  products: readonly AdminProduct[];
  tile: boolean;
  onDelete: OnDelete;
  className: string;
}) {
  return (
    <ul className={className}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} tile={tile} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}

const th = 'px-3 py-2 text-xs font-semibold tracking-wide text-stone-600 uppercase';
const COLUMNS = ['Image', 'Nom', 'Slug', 'Catégorie', 'Prix', 'Statut', 'Actions'];

/** The table: thumbnail, name, slug, category, price, status, actions. */
function ProductTable({ products, onDelete }: { products: readonly AdminProduct[]; onDelete: OnDelete }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Produits</caption>
        <thead className="border-b border-stone-200 bg-stone-50">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={th}>
                {column === 'Image' ? <span className="sr-only">{column}</span> : column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {products.map((product) => (
            <tr key={product.id} className="align-middle">
              <td className="w-16 px-3 py-2">
                <ResponsiveImage
                  image={product.image}
                  alt=""
                  sizes="48px"
                  className="h-12 w-12 max-w-none rounded-lg bg-stone-100 object-cover"
                />
              </td>
              <th scope="row" className="px-3 py-2 font-semibold text-stone-900">
                {product.name}
              </th>
              <td className="max-w-48 truncate px-3 py-2 text-stone-600">{product.slug}</td>
              <td className="px-3 py-2 text-stone-700">{categoryPath(product.category)}</td>
              <td className="px-3 py-2">
                <ProductPrice product={product} />
              </td>
              <td className="px-3 py-2">
                <ActiveBadge active={product.is_active} />
              </td>
              <td className="px-3 py-2">
                <ProductActions product={product} onDelete={onDelete} grid />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The page's products, as a table (cards on a phone) or as a grid of cards. */
export function ProductList({
  products,
  view,
  onDelete,
}: {
  products: readonly AdminProduct[];
  view: ProductView;
  onDelete: OnDelete;
}) {
  if (view === 'grid')
    return (
      <ProductCards
        products={products}
        tile
        onDelete={onDelete}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
      />
    );
  return (
    <>
      <div className="hidden md:block">
        <ProductTable products={products} onDelete={onDelete} />
      </div>
      <ProductCards
        products={products}
        tile={false}
        onDelete={onDelete}
        className="flex flex-col gap-3 md:hidden"
      />
    </>
  );
}
