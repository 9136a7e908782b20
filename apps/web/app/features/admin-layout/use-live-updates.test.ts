import { describe, expect, it } from 'vitest';
import { concerns } from './use-live-updates';

// Which of the back office's events make the open page read itself again: the bell's on every
// page, an order's only where orders are shown (a product form is not reloaded for an order).
describe('the live updates of the back office', () => {
  it('reads every page again for the bell, and after changes that may have been missed', () => {
    for (const page of ['/admin', '/admin/products', '/admin/orders', '/admin/backup'])
      for (const event of ['bell', 'resync']) expect(concerns(event, page), `${event} on ${page}`).toBe(true);
  });

  it("reads again for an order's change only the pages that show orders", () => {
    expect(concerns('order:12', '/admin/orders')).toBe(true);
    expect(concerns('order:12', '/admin')).toBe(true);
    expect(concerns('order:12', '/admin/customers')).toBe(true);
    expect(concerns('order:12', '/admin/products')).toBe(false);
    expect(concerns('order:12', '/admin/categories')).toBe(false);
    expect(concerns('open', '/admin/orders')).toBe(false);
  });
});
