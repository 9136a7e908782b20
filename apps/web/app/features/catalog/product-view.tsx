import type { ProductDetail, ProductSuggestions as Suggestions, Variant } from '@souk/domain/catalog';
import { asksToConfirm, onlyLeft, readQuantity } from '@souk/domain/quantity';
import { deliveryLine } from '@souk/domain/shop';
import { itemLabel } from '@souk/domain/text';
import { useEffect, useRef, useState } from 'react';
import { Breadcrumb, type BreadcrumbItem, CATALOG_TRAIL } from '~/components/ui/breadcrumb';
import { Svg } from '~/components/ui/icons';
import { Price } from '~/components/ui/price';
import { island } from '~/lib/island';
import { useShopConfig } from '~/lib/shop-config';
import { AddToCartToast } from './add-to-cart-toast';
import { FavoriteButton } from './favorite-button';
import { LargeQuantityQuestion } from './large-quantity-question';
import { keptVariant, type ProductFormState } from './product-form-state';
import { ProductJsonLd } from './product-json-ld';
import { displayedPrice, variantPricesDiffer } from './product-pricing';
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
  formState,
}: {
  product: ProductDetail;
  suggestions: Suggestions | null;
  publicUrl: string;
  /** Why the add-to-cart form, posted before the script had loaded, was refused (the page's action). */
  addToCartError?: string;
  /** The choice a form posted before the script had loaded left (a − or +, a question to confirm). */
  formState?: ProductFormState;
}) {
  // DELIVERY_TERMS, said as the cart and the status messages say them.
  const { deliveryTerms, largeQuantity } = useShopConfig();
  const [selected, setSelected] = useState<Variant | null>(() => keptVariant(product, formState));
  const [quantity, setQuantity] = useState(formState?.quantity ?? '1');
  const [problem, setProblem] = useState<string | null>(formState?.notice ?? null);
  const [confirming, setConfirming] = useState<number | null>(formState?.confirm_quantity ?? null);
  const formRef = useRef<HTMLFormElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const images = product.images.length > 0 ? product.images : product.image ? [product.image] : [];
  const price = displayedPrice(product, selected);
  const hasVariants = product.variants.length > 0;
  const needsVariant = hasVariants && !selected;
  const cart = useAddToCart(addToCartError);
  const label = itemLabel(product.name, hasVariants ? (selected?.name ?? null) : null);
  const stock = hasVariants ? (selected?.stock_quantity ?? null) : null;
  const read = readQuantity(quantity);
  const current = 'quantity' in read ? read.quantity : 1;

  // What she chose before the script had loaded is in the form (the browser's own radios and
  // field, left alone by hydration): read back, so the price shown and the add follow it. From
  // here on the page says its own French messages rather than the browser's.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.noValidate = true;
    const checked = form.querySelector<HTMLInputElement>('input[name="variant_id"]:checked');
    const chosen = checked && product.variants.find((v) => String(v.id) === checked.value);
    if (chosen) setSelected(chosen);
    if (quantityRef.current) setQuantity(quantityRef.current.value);
  }, [product]);

  /** A quantity typed or stepped to, for the variant `of`: over its stock, brought down and said. */
  const changeQuantity = (text: string, of = selected) => {
    setConfirming(null);
    const typed = readQuantity(text);
    const left = hasVariants ? (of?.stock_quantity ?? null) : null;
    if ('quantity' in typed && left !== null && left > 0 && typed.quantity > left) {
      setQuantity(String(left));
      setProblem(onlyLeft(left, itemLabel(product.name, of?.name ?? null)));
      return;
    }
    setQuantity(text);
    setProblem('problem' in typed && text.trim() !== '' ? typed.problem : null);
  };

  const submit = () => {
    if (cart.busy || needsVariant) return;
    const typed = readQuantity(quantityRef.current?.value ?? quantity);
    if ('problem' in typed) {
      setProblem(typed.problem);
      quantityRef.current?.focus();
      return;
    }
    if (stock !== null && typed.quantity > stock) return changeQuantity(String(typed.quantity));
    // Many units at once: asked once for this quantity, then added.
    if (asksToConfirm(typed.quantity, largeQuantity, confirming === typed.quantity)) {
      setConfirming(typed.quantity);
      return;
    }
    setConfirming(null);
    cart.add({
      product_id: product.id,
      variant_id: hasVariants ? selected?.id : undefined,
      quantity: typed.quantity,
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
              page's action adds to the cart and opens it (docs/decisions/0039); with the script,
              the browser adds in place (the form is never sent). */}
          <form
            ref={formRef}
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
            className="flex flex-col gap-5"
          >
            {/* The form's default button (the first in it): Enter in the quantity adds, it does
                not press the − that comes first on screen. */}
            <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
            <input type="hidden" name="product_id" value={product.id} />
            {hasVariants && (
              <VariantPicker
                variants={product.variants}
                defaultId={selected?.id ?? null}
                onSelect={(variant) => {
                  setSelected(variant);
                  changeQuantity(quantity, variant);
                }}
                showPrices={variantPricesDiffer(product)}
              />
            )}

            <QuantityPicker
              value={quantity}
              current={current}
              max={stock}
              problem={problem}
              onChange={(text) => changeQuantity(text)}
              onStep={(delta) => changeQuantity(String(Math.max(1, current + delta)))}
              inputRef={quantityRef}
            />

            {confirming !== null && (
              <LargeQuantityQuestion
                quantity={confirming}
                label={label}
                unitPrice={price.amount}
                onChange={() => {
                  setConfirming(null);
                  quantityRef.current?.focus();
                }}
              />
            )}

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
