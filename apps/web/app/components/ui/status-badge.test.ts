import { LOW_STOCK_THRESHOLD } from '@souk/domain/admin-limits';
import { describe, expect, it } from 'vitest';
import { normalizeStatus, statusLabel, stockLevel } from './status-badge';

describe('stockLevel', () => {
  it('reads null as unlimited, 0 as out of stock, up to the threshold as low, above as in stock', () => {
    expect(stockLevel(null)).toEqual({ label: 'Illimité', tone: 'info' });
    expect(stockLevel(0)).toEqual({ label: 'Rupture', tone: 'danger' });
    expect(stockLevel(1).label).toBe('Faible');
    expect(stockLevel(LOW_STOCK_THRESHOLD).label).toBe('Faible');
    expect(stockLevel(LOW_STOCK_THRESHOLD + 1)).toEqual({ label: 'En stock', tone: 'success' });
  });
});

describe('order status', () => {
  it('shows a status the client does not know as a pending one', () => {
    expect(normalizeStatus('prête')).toBe('prête');
    expect(normalizeStatus('remboursée')).toBe('en_attente');
    expect(statusLabel('remboursée')).toBe('En attente');
  });
});
