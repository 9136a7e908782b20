import { type CancelledBy, INITIAL_ORDER_STATUS, type OrderStatus } from '@souk/domain/order-status';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { order_items, order_status_history, orders } from '../db/schema.ts';
import { putInCart } from './cart-fixtures.ts';

type OrderItemInput = {
  product_id?: number | null;
  variant_id?: number | null;
  product_name?: string;
  variant_name?: string | null;
  unit_price: number;
  quantity: number;
};

export type OrderInput = {
  status?: OrderStatus;
  user_id?: number | null;
  contact_name?: string;
  contact_phone?: string | null;
  contact_email?: string | null;
  /** ISO timestamp; now by default. */
  created_at?: string;
  /** When its payment was recorded (ISO); unpaid by default. */
  paid_at?: string | null;
  /** Who cancelled it, for an order added 'annulée' (the owner by default). */
  cancelled_by?: CancelledBy;
  items?: OrderItemInput[];
};

let counter = 0;

/**
 * An order straight in the database, in any status and at any date, numbered as the checkout
 * numbers them (CMD-YYYYMMDD-NNNN of its day), with its items and its first history entry.
 * Its stock is not touched: the test sets the stock it means.
 */
export async function addOrder(db: Db, input: OrderInput = {}) {
  counter += 1;
  const created = input.created_at ?? new Date().toISOString();
  const items = input.items ?? [{ product_name: 'Savon noir', unit_price: 2500, quantity: 2 }];
  const [row] = await db
    .insert(orders)
    .values({
      // From 900001: never one the checkout gives an order placed through the API in the same test.
      order_number: `CMD-${created.slice(0, 10).replaceAll('-', '')}-${900_000 + counter}`,
      user_id: input.user_id ?? null,
      status: input.status ?? INITIAL_ORDER_STATUS,
      total_amount: items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0),
      total_items: items.reduce((sum, i) => sum + i.quantity, 0),
      contact_name: input.contact_name ?? `Client ${counter}`,
      contact_phone:
        input.contact_phone === undefined ? `+22177${String(counter).padStart(7, '0')}` : input.contact_phone,
      contact_email: input.contact_email ?? null,
      paid_at: input.paid_at ?? null,
      paid_with: input.paid_at ? 'manual' : null,
      cancelled_by: input.status === 'annulée' ? (input.cancelled_by ?? 'shop') : null,
      created_at: created,
      updated_at: created,
    })
    .returning();
  if (!row) throw new Error('order not inserted');
  await db.insert(order_items).values(
    items.map((i) => ({
      order_id: row.id,
      product_id: i.product_id ?? null,
      variant_id: i.variant_id ?? null,
      product_name: i.product_name ?? 'Produit',
      variant_name: i.variant_name ?? null,
      unit_price: i.unit_price,
      quantity: i.quantity,
      total_price: i.unit_price * i.quantity,
    })),
  );
  await db.insert(order_status_history).values({
    order_id: row.id,
    from_status: null,
    to_status: INITIAL_ORDER_STATUS,
    changed_by: input.user_id ?? null,
    created_at: created,
  });
  return row;
}

/**
 * A guest's order placed through the API, as the checkout places it: `line` put in the
 * cart of `session` (one unit unless said), ordered with `phone` as she types it.
 */
export async function placeGuestOrder(
  t: { db: Db; app: FastifyInstance },
  line: { productId: number; variantId?: number | null; quantity?: number },
  {
    phone,
    session,
    name = 'Awa Diop',
    email,
  }: { phone: string; session: string; name?: string; email?: string },
) {
  await putInCart(t.db, { sessionId: session }, line);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/guest',
    payload: { name, whatsapp_phone: phone, email, session_id: session },
  });
  if (res.statusCode !== 201) throw new Error(`guest order refused: ${res.statusCode} ${res.body}`);
  return res.json().data.order as {
    id: number;
    order_number: string;
    tracking_url: string;
    total_amount: number;
  };
}
