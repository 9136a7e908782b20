import { describe, expect, it } from 'vitest';
import { unpaidReleaseLabel } from './admin-orders.ts';

describe('unpaidReleaseLabel', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  const inMinutes = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

  it('says in days and hours, hours and minutes, or minutes how long a waiting order has left', () => {
    expect(unpaidReleaseLabel(inMinutes(72 * 60 - 1), now)).toBe('Annulée sans paiement dans 2 j 23 h');
    expect(unpaidReleaseLabel(inMinutes(48 * 60 + 20), now)).toBe('Annulée sans paiement dans 2 j');
    expect(unpaidReleaseLabel(inMinutes(200), now)).toBe('Annulée sans paiement dans 3 h 20 min');
    expect(unpaidReleaseLabel(inMinutes(120), now)).toBe('Annulée sans paiement dans 2 h');
    expect(unpaidReleaseLabel(inMinutes(12.5), now)).toBe('Annulée sans paiement dans 12 min');
  });

  it('says less than a minute when it is due, even late (the shop checks every minute)', () => {
    expect(unpaidReleaseLabel(inMinutes(0.5), now)).toBe("Annulée sans paiement dans moins d'une minute");
    expect(unpaidReleaseLabel(inMinutes(-3), now)).toBe("Annulée sans paiement dans moins d'une minute");
  });
});
