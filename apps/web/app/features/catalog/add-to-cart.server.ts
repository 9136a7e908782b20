import { AddToCartInputSchema } from '@souk/domain/cart';
import { CART_LINE_MAX_QUANTITY } from '@souk/domain/limits';
import { asksToConfirm, onlyLeft, readQuantity } from '@souk/domain/quantity';
import { isSessionId } from '@souk/domain/session-id';
import { itemLabel } from '@souk/domain/text';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { api, serverConfig } from '~/lib/api.server';
import { cartSessionCookie } from '~/lib/cart-session';
import { readForm } from '~/lib/form-action';
import { addToCartError } from './add-to-cart-messages';
import { CONFIRMED_QUANTITY_FIELD, type ProductFormState } from './product-form-state';
import { QUANTITY_STEP_FIELD } from './quantity-picker';

type Context = Readonly<RouterContextProvider>;

export type AddToCartActionData = { addToCartError?: string; formState: ProductFormState } | undefined;

const STEPS: Record<string, 1 | -1> = { '1': 1, '-1': -1 };

/** What the size posted has left, and its name; null when unlimited, unknown or not found. */
async function stockOf(context: Context, form: FormData) {
  const productId = Number(form.get('product_id'));
  const variantId = Number(form.get('variant_id'));
  if (!Number.isSafeInteger(productId) || productId < 1 || !Number.isSafeInteger(variantId)) return null;
  const product = await api(context).get('/products/:id', { params: { id: productId } });
  if (!product.ok) return null;
  const variant = product.data.variants.find((v) => v.id === variantId);
  if (!variant || variant.stock_quantity === null) return null;
  return { left: variant.stock_quantity, label: itemLabel(product.data.name, variant.name) };
}

/**
 * The product page's add-to-cart form, posted before the page's script has loaded (a slow phone)
 * or without JavaScript; with it, the form never reaches the server (useAddToCart calls the API
 * from the browser). The variant and quantity are the form's own fields, read as typed
 * (docs/decisions/0039): a − or + draws the page again with the quantity changed; a quantity that
 * is not a whole number is refused, never changed into another; above LARGE_QUANTITY_CONFIRM it is
 * asked once. Added, the visitor goes to the cart, whose guest key is set as the browser would have
 * set it; refused, the page says why (the API's words: a stock too low names what is left).
 */
export async function addToCartAction(request: Request, context: Context) {
  const form = await readForm(request);
  const variant = Number(form.get('variant_id'));
  const typed = String(form.get('quantity') ?? '');
  const read = readQuantity(typed);
  const formState: ProductFormState = {
    variant_id: Number.isSafeInteger(variant) && variant > 0 ? variant : null,
    quantity: typed,
  };

  const step = STEPS[String(form.get(QUANTITY_STEP_FIELD))];
  const wanted = step ? Math.max(1, ('quantity' in read ? read.quantity : 1) + step) : null;
  // More than the chosen size has left: brought down to it and said, as the live page does.
  const stock = wanted !== null || 'quantity' in read ? await stockOf(context, form) : null;
  const asked = wanted ?? ('quantity' in read ? read.quantity : 0);
  if (stock && stock.left > 0 && asked > stock.left)
    return data<AddToCartActionData>({
      formState: { ...formState, quantity: String(stock.left), notice: onlyLeft(stock.left, stock.label) },
    });
  if (wanted !== null)
    return data<AddToCartActionData>({
      formState: { ...formState, quantity: String(Math.min(CART_LINE_MAX_QUANTITY, wanted)) },
    });
  if ('problem' in read)
    return data<AddToCartActionData>(
      { addToCartError: addToCartError(read.problem), formState },
      { status: 422 },
    );
  const confirmed = form.get(CONFIRMED_QUANTITY_FIELD) === String(read.quantity);
  if (asksToConfirm(read.quantity, serverConfig(context).largeQuantity, confirmed))
    return data<AddToCartActionData>({ formState: { ...formState, confirm_quantity: read.quantity } });

  const parsed = AddToCartInputSchema.safeParse({
    product_id: form.get('product_id'),
    variant_id: form.get('variant_id') ?? undefined,
    quantity: read.quantity,
  });
  if (!parsed.success)
    return data<AddToCartActionData>(
      { addToCartError: addToCartError(parsed.error.issues[0]?.message ?? 'Formulaire invalide'), formState },
      { status: 422 },
    );
  const result = await api(context).post('/cart', { body: parsed.data });
  if (!result.ok)
    return data<AddToCartActionData>(
      { addToCartError: addToCartError(result.message), formState },
      { status: result.status >= 400 ? result.status : 500 },
    );
  const headers = new Headers();
  if (isSessionId(result.data.session_id))
    headers.append(
      'Set-Cookie',
      cartSessionCookie(result.data.session_id, new URL(request.url).protocol === 'https:'),
    );
  throw redirect('/cart', { headers });
}
