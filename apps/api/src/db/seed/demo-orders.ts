// The demo shop's customers and two months of orders, so a first start's back office shows what it
// does: the dashboard's charts, the report, the customer tiers, the orders in every status.
// Deterministic: the same days, customers and baskets at every seed, dated back from the seed.
import { randomBytes } from 'node:crypto';
import { shopTimeZone } from '@souk/domain/dates';
import { ORDER_STATUSES, type OrderStatus } from '@souk/domain/order-status';
import { and, asc, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/password.ts';
import { type DbOrTx, queryRows } from '../client.ts';
import { order_items, order_status_history, product_variants, products, users } from '../schema.ts';
import { createRng } from './images.ts';

const DAY_MS = 86_400_000;
export const DEMO_ORDER_DAYS = 60;

/**
 * Senegalese first and last names, numbers in the shop's default country (+221), e-mails at a
 * reserved domain (RFC 2606): a mail the shop sends them goes nowhere.
 */
const FIRST = [
  'Awa',
  'Fatou',
  'Aminata',
  'Mariama',
  'Khady',
  'Ndeye',
  'Aïssatou',
  'Coumba',
  'Astou',
  'Binta',
  'Moussa',
  'Ibrahima',
  'Cheikh',
  'Ousmane',
  'Mamadou',
  'Abdou',
  'Seynabou',
  'Adama',
  'Rokhaya',
  'Yacine',
  'Dieynaba',
  'Marième',
  'Sokhna',
  'Babacar',
];
const LAST = [
  'Diop',
  'Ndiaye',
  'Fall',
  'Sow',
  'Ba',
  'Diallo',
  'Faye',
  'Gueye',
  'Sarr',
  'Cissé',
  'Mbaye',
  'Thiam',
];
const NOTES = [
  'Merci de me prévenir sur WhatsApp quand elle est prête',
  'Je passe la chercher samedi matin',
  'C’est un cadeau : pouvez-vous l’emballer ?',
  null,
  null,
  null,
];

/** Where an order of `ageDays` stands today: the old ones collected (or cancelled), the recent ones moving. */
function statusFor(ageDays: number, roll: number): OrderStatus {
  if (roll < 0.08) return 'annulée';
  if (ageDays > 10) return roll < 0.95 ? 'disponible' : 'en_cours';
  if (ageDays > 4) return roll < 0.5 ? 'disponible' : roll < 0.75 ? 'en_cours' : 'prête';
  // Past a day, confirmed: none still waits long enough for UNPAID_ORDER_TIMEOUT to release it.
  if (ageDays > 1) return roll < 0.45 ? 'prête' : 'acceptée';
  return roll < 0.35 ? 'acceptée' : 'en_attente';
}

/** The steps from 'en_attente' to `status`, as the transitions allow them. */
const stepsTo = (status: OrderStatus): OrderStatus[] => {
  if (status === 'annulée') return ['en_attente', 'annulée'];
  const path: OrderStatus[] = ['en_attente', 'acceptée', 'prête', 'en_cours', 'disponible'];
  return path.slice(0, path.indexOf(status) + 1);
};

/**
 * Inserts the demo customers and their orders (with a few guests'), in the caller's transaction,
 * after the catalogue: items from active variants at their prices, each order's history step by
 * step, its payment recorded once it went past 'acceptée' (some already at 'acceptée'). The sales
 * counters follow from the database's own triggers; the counted stock goes down by what the
 * orders that count took.
 */
export async function seedDemoOrders(tx: DbOrTx, now = Date.now()) {
  const draw = createRng('demo-orders');
  const random = { next: draw.next, int: (min: number, max: number) => Math.floor(draw.range(min, max + 1)) };
  // Nobody knows this password: a demo customer signs in only once the shop sends them a link.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const customers = await tx
    .insert(users)
    .values(
      FIRST.map((first, i) => {
        const name = `${first} ${LAST[i % LAST.length]}`;
        const created = new Date(now - (DEMO_ORDER_DAYS + 30 - i * 3) * DAY_MS).toISOString();
        return {
          name,
          whatsapp_phone: `+22177${String(1_234_500 + i * 37).padStart(7, '0')}`,
          // Two customers in three gave an e-mail.
          email:
            i % 3 === 2
              ? null
              : `${first.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')}.${(LAST[i % LAST.length] as string).toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')}@demo.souk.example`,
          password_hash: passwordHash,
          role: 'client' as const,
          created_at: created,
          updated_at: created,
        };
      }),
    )
    .returning({ id: users.id, name: users.name, email: users.email, phone: users.whatsapp_phone });
  const variants = await tx
    .select({
      id: product_variants.id,
      name: product_variants.name,
      price: product_variants.price,
      sku: product_variants.sku,
      stock: product_variants.stock_quantity,
      productId: products.id,
      productName: products.name,
    })
    .from(product_variants)
    .innerJoin(products, eq(products.id, product_variants.product_id))
    .where(and(eq(product_variants.is_active, true), eq(products.is_active, true)))
    .orderBy(asc(product_variants.id));
  if (variants.length === 0 || customers.length === 0) return { customers: customers.length, orders: 0 };
  // What each counted variant has left as the orders take it: an order that counts took its units
  // (a cancelled one gave them back), so cancelling a demo order later gives back only what it took.
  const left = new Map(variants.flatMap((v) => (v.stock === null ? [] : [[v.id, v.stock] as const])));

  // Loyal customers order often, most now and then: the tiers have something to tell apart.
  const weights = customers.map((_, i) => (i < 4 ? 8 : i < 10 ? 3 : 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const pickCustomer = () => {
    let roll = random.next() * total;
    for (let i = 0; i < customers.length; i += 1) {
      roll -= weights[i] as number;
      if (roll < 0) return customers[i];
    }
    return customers[0];
  };

  let orders = 0;
  const seen = new Set<OrderStatus>();
  for (let day = DEMO_ORDER_DAYS; day >= 0; day -= 1) {
    // More orders on the weekend and lately: the chart has a shape.
    const dayStart = now - day * DAY_MS;
    const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
    const count = random.int(1, 4) + (weekend ? 2 : 0) + (day < 20 ? 1 : 0);
    for (let n = 0; n < count; n += 1) {
      const placed = dayStart - random.int(10, 600) * 60_000;
      if (placed > now) continue;
      const ageDays = (now - placed) / DAY_MS;
      let status = statusFor(ageDays, random.next());
      // Every status is shown, whatever the draw.
      if (day === 0 && n === 0) status = 'en_attente';
      seen.add(status);
      const guest = random.next() < 0.15;
      const customer = guest ? null : pickCustomer();
      const lines = random.int(1, 3);
      const chosen = new Map<number, { variant: (typeof variants)[number]; quantity: number }>();
      for (let l = 0; l < lines; l += 1) {
        const variant = variants[random.int(0, variants.length - 1)] as (typeof variants)[number];
        const quantity = random.int(1, 2) + (random.next() < 0.1 ? 2 : 0);
        const stock = left.get(variant.id);
        if (chosen.has(variant.id)) continue;
        if (status !== 'annulée' && stock !== undefined) {
          if (stock < quantity) continue; // sold out: the customer chose something else
          left.set(variant.id, stock - quantity);
        }
        chosen.set(variant.id, { variant, quantity });
      }
      const items = [...chosen.values()];
      if (items.length === 0) continue;
      const totalAmount = items.reduce((sum, i) => sum + (i.variant.price as number) * i.quantity, 0);
      const steps = stepsTo(status);
      const stepTimes = steps.map((_, i) => Math.min(now, placed + i * random.int(2, 20) * 3_600_000));
      const paid =
        ['prête', 'en_cours', 'disponible'].includes(status) ||
        (status === 'acceptée' && random.next() < 0.4);
      // Paid at the agency or by Orange Money soon after it was accepted.
      const paidAt = paid ? (stepTimes[1] as number) + 3_600_000 : null;
      const guestName = `${FIRST[random.int(0, FIRST.length - 1)]} ${LAST[random.int(0, LAST.length - 1)]}`;
      const placedAt = new Date(placed).toISOString();
      const lastAt = new Date(stepTimes.at(-1) as number).toISOString();
      const [order] = await queryRows<{ id: number }>(
        tx,
        sql`with next as (select nextval(pg_get_serial_sequence('orders', 'id')) as id)
            insert into orders (id, order_number, user_id, status, total_amount, total_items, notes,
                                contact_name, contact_phone, contact_email, paid_at, paid_with, cancelled_by, created_at, updated_at)
            select next.id,
                   'CMD-' || to_char(${placedAt}::timestamptz at time zone ${shopTimeZone()}, 'YYYYMMDD') || '-' || lpad(next.id::text, greatest(4, length(next.id::text)), '0'),
                   ${customer?.id ?? null}, ${status}, ${totalAmount}, ${items.reduce((s, i) => s + i.quantity, 0)},
                   ${NOTES[random.int(0, NOTES.length - 1)] ?? null},
                   ${customer?.name ?? guestName},
                   ${customer?.phone ?? `+22178${String(random.int(1_000_000, 9_999_999))}`},
                   ${customer ? customer.email : null},
                   ${paidAt === null ? null : new Date(Math.min(now, paidAt)).toISOString()},
                   ${paidAt === null ? null : 'manual'},
                   -- Its history names nobody: the shop's own release of an unpaid order, as migration 0023 reads such a line.
                   ${status === 'annulée' ? 'system' : null},
                   ${placedAt}, ${lastAt}
              from next
            returning id`,
      );
      if (!order) continue;
      await tx.insert(order_items).values(
        items.map(({ variant, quantity }) => ({
          order_id: order.id,
          product_id: variant.productId,
          variant_id: variant.id,
          product_name: variant.productName,
          variant_name: variant.name,
          sku: variant.sku,
          unit_price: variant.price as number,
          quantity,
          total_price: variant.price * quantity,
        })),
      );
      const history: (typeof order_status_history.$inferInsert)[] = steps.map((to, i) => ({
        order_id: order.id,
        event: 'status',
        from_status: i === 0 ? null : (steps[i - 1] as OrderStatus),
        to_status: to,
        changed_by: i === 0 ? (customer?.id ?? null) : null,
        created_at: new Date(stepTimes[i] as number).toISOString(),
      }));
      if (paidAt !== null) {
        const at = Math.min(now, paidAt);
        // The status the order had when the payment was recorded.
        const during = steps[stepTimes.filter((t) => t <= at).length - 1] ?? 'acceptée';
        history.push({
          order_id: order.id,
          event: 'paid',
          from_status: during,
          to_status: during,
          changed_by: null,
          created_at: new Date(at).toISOString(),
        });
      }
      await tx.insert(order_status_history).values(history);
      orders += 1;
    }
  }
  for (const v of variants) {
    const stock = left.get(v.id);
    if (stock !== undefined && stock !== v.stock)
      await tx.update(product_variants).set({ stock_quantity: stock }).where(eq(product_variants.id, v.id));
  }
  return { customers: customers.length, orders, statuses: ORDER_STATUSES.filter((s) => seen.has(s)) };
}
