import { describe, expect, it } from 'vitest';
import { ordersHref } from './order-status';

describe("'Mes Commandes' addresses", () => {
  it('carry the filter, the order being cancelled and the one just cancelled', () => {
    expect(ordersHref(null)).toBe('/profile?tab=orders');
    expect(ordersHref('en_attente', { cancel: 12 })).toBe('/profile?tab=orders&status=en_attente&cancel=12');
    expect(ordersHref('annulée', { cancelled: 'CMD-20261126-0012' })).toBe(
      '/profile?tab=orders&status=annul%C3%A9e&cancelled=CMD-20261126-0012',
    );
  });
});
