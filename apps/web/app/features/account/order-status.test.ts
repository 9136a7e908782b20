import type { Order } from '@souk/domain/orders';
import { describe, expect, it } from 'vitest';
import { ordersHref, totalSpent } from './order-status';

// Only what the figures read of an order matters here.
const order = (status: Order['status'], total_amount: number, paid_at: string | null) =>
  ({ status, total_amount, paid_at }) as Order;

describe("the account's figures", () => {
  it("'Total dépensé' counts what she paid, a paid order cancelled since (refunded) aside", () => {
    const orders = [
      order('disponible', 12_000, '2026-11-20T10:00:00.000Z'),
      order('en_attente', 5_000, '2026-11-25T10:00:00.000Z'),
      // Ordered but not paid yet: not spent.
      order('acceptée', 30_000, null),
      order('annulée', 8_000, '2026-11-21T10:00:00.000Z'),
    ];
    expect(totalSpent(orders)).toBe(17_000);
    expect(totalSpent([])).toBe(0);
  });
});

describe("'Mes Commandes' addresses", () => {
  it('carry the filter, the order being cancelled and the one just cancelled', () => {
    expect(ordersHref(null)).toBe('/profile?tab=orders');
    expect(ordersHref('en_attente', { cancel: 12 })).toBe('/profile?tab=orders&status=en_attente&cancel=12');
    expect(ordersHref('annulée', { cancelled: 'CMD-20261126-0012' })).toBe(
      '/profile?tab=orders&status=annul%C3%A9e&cancelled=CMD-20261126-0012',
    );
  });
});
