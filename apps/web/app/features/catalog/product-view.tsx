import type { ProductDetail, ProductSuggestions as Suggestions, Variant } from '@souk/domain/catalog';
import { deliveryLine } from '@souk/domain/shop';
import { useState } from 'react';
import { Breadcrumb, type BreadcrumbItem, CATALOG_TRAIL } from '~/components/ui/breadcrumb';
import { Svg } from '~/components/ui/icons';
import { Price } from '~/components/ui/price';
import { island } from '~/lib/island';
import { useShopConfig } from '~/lib/shop-config';
import { AddToCartToast } from './add-to-cart-toast';
import { FavoriteButton } from './favorite-button';
import { ProductJsonLd } from './product-json-ld';
import { defaultVariant, displayedPrice, variantPricesDiffer } from './product-pricing';
import { quantityOf } from './quantity';
import { QuantityPicker } from './quantity-picker';
import { useAddToCart } from './use-add-to-cart';
import { VariantPicker } from './variant-picker';

// The main picture is in the first paint as the server drew it; the gallery's controls (swipe,
// thumbnails, video) come once the page is idle. The suggestions, further down, as they near the screen.
const ProductGallery = island(() => import('./product-gallery').then((m) => m.ProductGallery), 'idle');
const ProductSuggestions = island(
  () => import('./product-suggestions').then((m) => m.ProductSuggestions),
  'visible',
);

function trail(product: ProductDetail): BreadcrumbItem[] {
  const items: BreadcrumbItem[] = [...CATALOG_TRAIL];
  const category = product.category;
  if (!category) return items;
  if (category.parent) {
    items.push({ label: category.parent.name, to: `/catalog/${category.parent.slug}` });
    items.push({ label: category.name, to: `/catalog/${category.parent.slug}/${category.slug}` });
  } else {
    items.push({ label: category.name, to: `/catalog/${category.slug}` });
  }
  return items;
}

/** The product page shared by /products/:id and /product/:slug. */
export function ProductView({
  product,
  suggestions,
  publicUrl,
  addToCartError,
}: {
  product: ProductDetail;
  suggestions: Suggestions | null;
  publicUrl: string;
  /** Why the add-to-cart form, posted before the script had loaded, was refused (the page's action). */
  addToCartError?: string;
}) {
  // DELIVERY_TERMS, said as the cart and the status messages say them.
  const { deliveryTerms } = useShopConfig();
  const [selected, setSelected] = useState<Variant | null>(() => defaultVariant(product));
  const [quantity, setQuantity] = useState('1');
  const images = product.images.length > 0 ? product.images : product.image ? [product.image] : [];
  const price = displayedPrice(product, selected);
  const hasVariants = product.variants.length > 0;
  const needsVariant = hasVariants && !selected;
  const cart = useAddToCart(addToCartError);
  const add = () => {
    if (cart.busy) return;
    cart.add({
      product_id: product.id,
      variant_id: hasVariants ? selected?.id : undefined,
      quantity: quantityOf(quantity),
    });
  };

  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-5 sm:py-8">
      <ProductJsonLd product={product} publicUrl={publicUrl} />
      <Breadcrumb items={trail(product)} />

      <div className="grid gap-6 lg:grid-cols-2 lg:gap-10">
        <ProductGallery
          key={product.id}
          className="min-w-0"
          images={images}
          videos={product.videos}
          name={product.name}
        />

        <div className="flex flex-col gap-5">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl leading-tight font-bold text-stone-900 sm:text-3xl">{product.name}</h1>
            <FavoriteButton productId={product.id} className="shrink-0" />
          </div>

          <div className="flex flex-col gap-1">
            <p aria-live="polite" aria-atomic="true">
              <span className="sr-only">Prix : </span>
              <Price
                amount={price.amount}
                from={price.from}
                className="text-2xl font-bold text-emerald-900"
              />
              {selected && hasVariants && <span className="sr-only"> ({selected.name})</span>}
            </p>
            <p className="text-xs text-stone-600">Taxes incluses · {deliveryLine(deliveryTerms)}</p>
          </div>

          <p className="text-sm leading-relaxed whitespace-pre-line text-stone-700">{product.description}</p>

          {/* A real form: posted before the script has loaded (slow phones) or without it, the
              page's action adds to the cart and opens it; with the script, the browser adds
              in place (the form is never sent). */}
          <form
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              add();
            }}
            className="flex flex-col gap-5"
          >
            <input type="hidden" name="product_id" value={product.id} />
            {hasVariants && selected && <input type="hidden" name="variant_id" value={selected.id} />}
            {hasVariants && (
              <VariantPicker
                variants={product.variants}
                selectedId={selected?.id ?? null}
                onSelect={setSelected}
                showPrices={variantPricesDiffer(product)}
              />
            )}

            <QuantityPicker value={quantity} onChange={setQuantity} name="quantity" />

            <button
              type="submit"
              disabled={needsVariant}
              aria-busy={cart.busy}
              className="flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-emerald-800 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700 sm:w-max"
            >
              <Svg className="h-5 w-5">
                <path
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2"
                />
                <circle cx="9.5" cy="19.5" r="1.3" />
                <circle cx="17" cy="19.5" r="1.3" />
              </Svg>
              {needsVariant ? 'Sélectionnez une variante' : 'Ajouter au panier'}
            </button>
            <AddToCartToast feedback={cart.feedback} onDismiss={cart.dismiss} />
          </form>
        </div>
      </div>

      <ProductSuggestions suggestions={suggestions} />
    </main>
  );
}
