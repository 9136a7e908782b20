import { LOW_STOCK_THRESHOLD } from '@souk/domain/admin-limits';
import { describe, expect, it } from 'vitest';
import { stockLevel } from './stock-badge';

describe('stockLevel', () => {
  it('reads null as unlimited, 0 as out of stock, up to the threshold as low, above as in stock', () => {
    expect(stockLevel({ stock_quantity: null, in_stock: true })).toEqual({ label: 'Illimité', tone: 'info' });
    expect(stockLevel({ stock_quantity: 0, in_stock: false })).toEqual({ label: 'Rupture', tone: 'danger' });
    expect(stockLevel({ stock_quantity: 1, in_stock: true }).label).toBe('Faible');
    expect(stockLevel({ stock_quantity: LOW_STOCK_THRESHOLD, in_stock: true }).label).toBe('Faible');
    expect(stockLevel({ stock_quantity: LOW_STOCK_THRESHOLD + 1, in_stock: true })).toEqual({
      label: 'En stock',
      tone: 'success',
    });
  });
});
