import type { AdminOrder } from '@souk/domain/admin-orders';
import { describe, expect, it } from 'vitest';
import { inSight, type Kept } from './orders-in-sight';

// Only what inSight reads of an order matters here: its id and status.
const order = (id: number, status: AdminOrder['status'] = 'en_attente') => ({ id, status }) as AdminOrder;
const kept = (...entries: [AdminOrder, number][]) =>
  new Map<number, Kept>(entries.map(([o, index]) => [o.id, { order: o, index }]));
const ids = (orders: AdminOrder[]) => orders.map((o) => `${o.id}:${o.status}`);

describe('the orders kept in sight', () => {
  it('puts an order the list read again no longer holds back where it stood, with its new status', () => {
    // The waiting list was 1, 2, 3; 2 was accepted, and the list read again holds 1 and 3.
    const shown = inSight([order(1), order(3)], kept([order(2, 'acceptée'), 1]));
    expect(ids(shown)).toEqual(['1:en_attente', '2:acceptée', '3:en_attente']);
  });

  it('shows the list as read when it still holds the order (its own data wins)', () => {
    const shown = inSight([order(1), order(2, 'prête')], kept([order(2, 'acceptée'), 1]));
    expect(ids(shown)).toEqual(['1:en_attente', '2:prête']);
  });

  it('puts several back each at its place, and at the end when the list got shorter', () => {
    const shown = inSight([order(3)], kept([order(4, 'acceptée'), 3], [order(1, 'acceptée'), 0]));
    expect(ids(shown)).toEqual(['1:acceptée', '3:en_attente', '4:acceptée']);
  });

  it('is the list itself when nothing is kept', () => {
    const orders = [order(1)];
    expect(inSight(orders, new Map())).toBe(orders);
  });
});
