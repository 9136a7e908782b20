import { AddToCartInputSchema } from '@souk/domain/cart';
import { isSessionId } from '@souk/domain/session-id';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { api } from '~/lib/api.server';
import { cartSessionCookie } from '~/lib/cart-session';
import { readForm } from '~/lib/form-action';
import { addToCartError } from './add-to-cart-messages';
import { quantityOf } from './quantity';

type Context = Readonly<RouterContextProvider>;

export type AddToCartActionData = { addToCartError: string } | undefined;

/**
 * The product page's add-to-cart form, posted before the page's script has loaded (a slow phone)
 * or without JavaScript; with it, the form never reaches the server (useAddToCart calls the API
 * from the browser). Added, the visitor goes to the cart, whose guest key is set as the browser
 * would have set it; refused, the page says why, as the browser's call would.
 */
export async function addToCartAction(request: Request, context: Context) {
  const form = await readForm(request);
  const parsed = AddToCartInputSchema.safeParse({
    product_id: form.get('product_id'),
    variant_id: form.get('variant_id') ?? undefined,
    quantity: String(quantityOf(String(form.get('quantity') ?? ''))),
  });
  if (!parsed.success)
    return data<AddToCartActionData>(
      { addToCartError: addToCartError(parsed.error.issues[0]?.message ?? 'Formulaire invalide') },
      { status: 422 },
    );
  const result = await api(context).post('/cart', { body: parsed.data });
  if (!result.ok)
    return data<AddToCartActionData>(
      { addToCartError: addToCartError(result.message) },
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
