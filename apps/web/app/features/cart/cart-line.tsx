import type { CartItem } from '@souk/domain/cart';
import { Link, useFetcher } from 'react-router';
import { Svg } from '~/components/ui/icons';
import { Price } from '~/components/ui/price';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { IMAGE_SLOTS } from '~/lib/image-sizing';

const stepButton =
  'flex h-10 w-10 items-center justify-center text-lg font-semibold text-stone-800 transition hover:bg-stone-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-800';

/**
 * One cart line. Each control is a form posting to the cart route's action, so it works before
 * (or without) JavaScript; with it, a fetcher keeps the page in place and the quantity moves at once.
 */
export function CartLine({ item }: { item: CartItem }) {
  const fetcher = useFetcher({ key: `cart-line-${item.id}` });
  const label = item.variant ? `${item.product.name} (${item.variant.name})` : item.product.name;
  return (
    <li className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:gap-4 sm:p-4">
      <Link
        to={`/products/${item.product.id}`}
        tabIndex={-1}
        aria-hidden="true"
        className="h-20 w-20 shrink-0 overflow-hidden rounded-xl bg-stone-100 sm:h-24 sm:w-24"
      >
        <ResponsiveImage
          image={item.product.image}
          alt=""
          {...IMAGE_SLOTS.cartLine}
          className="h-full w-full object-cover"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-sm leading-snug font-semibold text-stone-900 sm:text-base">
              <Link
                to={`/products/${item.product.id}`}
                className="rounded hover:text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-800"
              >
                {item.product.name}
              </Link>
            </h2>
            {item.variant && <p className="text-xs text-stone-600">Variante : {item.variant.name}</p>}
            <p className="text-xs text-stone-600">
              Prix unitaire : <Price amount={item.unit_price} />
            </p>
            {!item.is_available && (
              <p className="mt-1 text-xs font-semibold text-red-700">Produit non disponible</p>
            )}
          </div>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={item.id} />
            <button
              type="submit"
              aria-label={`Retirer ${label} du panier`}
              className="-m-1 rounded-full p-2 text-stone-500 transition hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-emerald-800"
            >
              <Svg className="h-5 w-5">
                <path
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
                />
              </Svg>
            </button>
          </fetcher.Form>
        </div>
        <div className="mt-auto flex items-center justify-between gap-2">
          <fetcher.Form
            method="post"
            className="inline-flex items-center overflow-hidden rounded-xl border border-stone-300"
          >
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={item.id} />
            <button
              type="submit"
              name="quantity"
              value={item.quantity - 1}
              aria-label={`Diminuer la quantité de ${label}`}
              className={stepButton}
            >
              −
            </button>
            <output
              aria-label={`Quantité de ${label}`}
              aria-live="polite"
              className="min-w-9 border-x border-stone-300 px-1 text-center text-sm leading-10 font-semibold text-stone-900"
            >
              {item.quantity}
            </output>
            <button
              type="submit"
              name="quantity"
              value={item.quantity + 1}
              aria-label={`Augmenter la quantité de ${label}`}
              className={stepButton}
            >
              +
            </button>
          </fetcher.Form>
          <p className="text-right">
            <span className="sr-only">Total de la ligne : </span>
            <Price amount={item.total_price} className="text-sm font-bold text-emerald-900 sm:text-base" />
          </p>
        </div>
      </div>
    </li>
  );
}
