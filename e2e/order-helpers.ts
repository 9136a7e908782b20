import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { freshClient, registerThroughApi } from './helpers.ts';

// A customer's order placed through the API, for the back office's journeys (orders, dashboard).

type Variant = { id: number; stock_quantity: number | null };

/** A sellable product of the demo shop (and a variant of it with stock, when it has variants). */
export async function sellableLine(request: APIRequestContext) {
  const { products } = (await (await request.get('/api/products?per_page=20')).json()).data as {
    products: { id: number }[];
  };
  for (const { id } of products) {
    const product = (await (await request.get(`/api/products/${id}`)).json()).data as {
      name: string;
      variants: Variant[];
    };
    if (!product.variants.length) return { product_id: id, quantity: 2 };
    const variant = product.variants.find((v) => v.stock_quantity === null || v.stock_quantity >= 2);
    if (variant) return { product_id: id, variant_id: variant.id, quantity: 2 };
  }
  throw new Error('no sellable product in the demo shop');
}

/** A customer in a browser of their own: an account, two units in the cart, the order placed. */
export async function placeOrder(
  browser: Browser,
  baseURL: string | undefined,
  name: string,
  notes?: string,
) {
  const context = await browser.newContext({ baseURL });
  const customer = await context.newPage();
  const client = freshClient(name);
  await registerThroughApi(customer.request, client);
  const line = await sellableLine(customer.request);
  expect((await customer.request.post('/api/cart', { data: line })).status()).toBe(200);
  const placed = await customer.request.post('/api/orders', { data: notes ? { notes } : {} });
  expect(placed.status()).toBe(201);
  const { order_number: number, total_amount: total } = (await placed.json()).data.order as {
    order_number: string;
    total_amount: number;
  };
  return { context, customer, client, number, total };
}
