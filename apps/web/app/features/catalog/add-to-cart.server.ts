import { AddToCartInputSchema } from '@souk/domain/cart';
import { CART_LINE_MAX_QUANTITY } from '@souk/domain/limits';
import { readQuantity } from '@souk/domain/quantity';
import { isSessionId } from '@souk/domain/session-id';
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
  if (step) {
    const from = 'quantity' in read ? read.quantity : 1;
    const quantity = Math.min(CART_LINE_MAX_QUANTITY, Math.max(1, from + step));
    return data<AddToCartActionData>({ formState: { ...formState, quantity: String(quantity) } });
  }
  if ('problem' in read)
    return data<AddToCartActionData>(
      { addToCartError: addToCartError(read.problem), formState },
      { status: 422 },
    );
  const confirmed = form.get(CONFIRMED_QUANTITY_FIELD) === String(read.quantity);
  if (read.quantity > serverConfig(context).largeQuantity && !confirmed)
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
