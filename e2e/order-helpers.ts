import { type APIRequestContext, type Browser, expect, type Locator } from '@playwright/test';
import { freshClient, registerThroughApi } from './helpers.ts';

// A customer's order placed through the API, and what the admin reads of it, for the back office's
// journeys (orders, dashboard).

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

/** The prefilled text of a WhatsApp link (wa.me/<number>?text=…). */
export async function whatsappText(link: Locator) {
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  return new URL(href).searchParams.get('text') ?? '';
}

export type AdminOrderRead = {
  id: number;
  status: string;
  paid_at: string | null;
  cancellation: { by: string; reason: string | null } | null;
  items: { product_id: number; variant_id: number | null }[];
};

/** The order `number` as the admin's API reads it. */
export async function adminOrder(request: APIRequestContext, number: string): Promise<AdminOrderRead> {
  const res = await request.get(`/api/admin/orders?search=${encodeURIComponent(number)}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data.orders[0];
}

/**
 * The counted stock of the variant the order holds, as its product's page reads it; `set` first
 * gives it a count of the journey's own (a demo variant may be unlimited, which shows nothing).
 */
export async function orderedStock(request: APIRequestContext, order: AdminOrderRead, set?: number) {
  const [item] = order.items;
  expect(item?.variant_id, 'the order holds a variant').toBeTruthy();
  const { product_id: product, variant_id: variant } = item as { product_id: number; variant_id: number };
  if (set !== undefined) {
    const res = await request.put(`/api/admin/products/${product}/variants/${variant}`, {
      data: { stock_quantity: set },
    });
    expect(res.status()).toBe(200);
  }
  const { variants } = (await (await request.get(`/api/products/${product}`)).json()).data as {
    variants: { id: number; stock_quantity: number | null }[];
  };
  return variants.find((v) => v.id === variant)?.stock_quantity;
}
