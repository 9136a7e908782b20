import type { Cart } from '@souk/domain/cart';
import { CART_CHANGED, type ShownCart, ShownCartSchema } from '@souk/domain/cart-changes';
import type { CartSuggestions } from '@souk/domain/catalog';
import { IdSchema, WholeNumberSchema } from '@souk/domain/primitives';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { api, apiError } from '~/lib/api.server';
import { readForm } from '~/lib/form-action';
import type { CartChanged } from './cart-changed-alert';
import { CART_LOAD_ERROR, ORDER_ERROR } from './cart-messages';

type Context = Readonly<RouterContextProvider>;

/** Where a guest goes from 'Commander': quick registration, then back to the cart (contract with accounts). */
export const CHECKOUT_REGISTER_URL = '/auth/quick-register?redirectTo=/cart&checkout=1';

/** The cart, and its suggestions when they load (a failure only hides that section). */
export async function loadCartPage(
  context: Context,
): Promise<{ cart: Cart; suggestions: CartSuggestions | null }> {
  const [cart, suggestions] = await Promise.all([
    api(context).get('/cart'),
    api(context).get('/suggestions/cart'),
  ]);
  if (!cart.ok) throw apiError(cart.status >= 400 ? cart.status : 500, cart.message || CART_LOAD_ERROR);
  return { cart: cart.data, suggestions: suggestions.ok ? suggestions.data : null };
}

export type CartActionData =
  | { orderError: string }
  | { cartChanged: CartChanged }
  | { ok: boolean }
  | undefined;

/** The cart as the page showed it (the form's `expected` field, JSON), or null when unreadable. */
function readShownCart(value: FormDataEntryValue | null): ShownCart | null {
  if (typeof value !== 'string') return null;
  try {
    const parsed = ShownCartSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const lineId = (value: FormDataEntryValue | null) => {
  const parsed = IdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * The cart page's writes. Update, remove and clear failures are not shown: the page
 * reloads the server's cart either way. Checkout answers a redirect or the order error to show.
 */
export async function cartAction(request: Request, context: Context) {
  const form = await readForm(request);
  const intent = form.get('intent');
  const id = lineId(form.get('id'));

  if (intent === 'remove' && id)
    return { ok: (await api(context).delete('/cart/:id', { params: { id } })).ok };
  if (intent === 'update' && id) {
    const quantity = WholeNumberSchema.safeParse(form.get('quantity'));
    if (!quantity.success) return data({ ok: false }, { status: 422 });
    // Below 1 the line goes away.
    const result =
      quantity.data < 1
        ? await api(context).delete('/cart/:id', { params: { id } })
        : await api(context).put('/cart/:id', { params: { id }, body: { quantity: quantity.data } });
    return { ok: result.ok };
  }
  if (intent === 'clear') {
    return { ok: (await api(context).delete('/cart')).ok };
  }
  if (intent === 'checkout') return checkout(form, context);
  return data({ ok: false }, { status: 400 });
}

async function checkout(form: FormData, context: Context) {
  const sessionId = form.get('session_id');
  const typed = form.get('notes');
  const notes = typeof typed === 'string' ? typed : undefined;
  // What she was shown goes with the order, only for the API to compare (ADR 0037). A form without
  // it (a page from before it, or altered) orders nothing: the page reloads the cart to be checked.
  const expected = readShownCart(form.get('expected'));
  if (!expected) return data({ cartChanged: { message: CART_CHANGED, changes: [] } }, { status: 409 });
  const result = await api(context).post('/orders', {
    body: { session_id: typeof sessionId === 'string' && sessionId ? sessionId : undefined, notes, expected },
  });
  // A guest (or an expired session) registers first; the cart cookie keeps the cart (merged at
  // registration or login), and the note is kept with it so she need not type it again.
  if (result.status === 401) {
    // As typed, an empty one too (it removes an older note). Without a cart there is nothing to keep.
    await api(context).put('/cart/notes', { body: { notes } });
    throw redirect(CHECKOUT_REGISTER_URL);
  }
  if (result.ok) {
    const welcome = form.get('registered') === '1' ? '&new=1' : '';
    throw redirect(`/order-success?order=${result.data.order.id}${welcome}`);
  }
  // The cart changed since it was shown: the page shows what changed above the cart reloaded.
  const changes = result.status === 409 ? result.errors?.cart : undefined;
  if (changes) return data({ cartChanged: { message: result.message, changes } }, { status: 409 });
  const message =
    result.status >= 400 && result.status < 500 && result.message ? result.message : ORDER_ERROR;
  return data({ orderError: message }, { status: result.status >= 400 ? result.status : 500 });
}
