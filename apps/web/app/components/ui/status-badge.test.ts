import { describe, expect, it } from 'vitest';
import { normalizeStatus, statusLabel } from './status-badge';

describe('order status', () => {
  it('shows a status the client does not know as a pending one', () => {
    expect(normalizeStatus('prête')).toBe('prête');
    expect(normalizeStatus('remboursée')).toBe('en_attente');
    expect(statusLabel('remboursée')).toBe('En attente');
  });
});
