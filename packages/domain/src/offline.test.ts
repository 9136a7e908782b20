import { afterEach, describe, expect, it } from 'vitest';
import { offlineNotice, pricesSeen } from './offline.ts';
import { DEFAULT_SHOP_LOCALE, setShopLocale } from './shop-locale.ts';

describe('offline notice', () => {
  afterEach(() => setShopLocale(DEFAULT_SHOP_LOCALE));

  it("says when the copy's prices were read, in the shop's time zone", () => {
    expect(offlineNotice('2026-11-27T14:03:00Z')).toBe('Hors ligne — prix vus le 27/11/2026 à 14:03');
    setShopLocale({ ...DEFAULT_SHOP_LOCALE, timeZone: 'Africa/Abidjan' });
    expect(pricesSeen('2026-11-27T23:30:00Z')).toBe('prix vus le 27/11/2026 à 23:30');
    setShopLocale({ ...DEFAULT_SHOP_LOCALE, timeZone: 'Africa/Douala' });
    expect(pricesSeen('2026-11-27T23:30:00Z')).toBe('prix vus le 28/11/2026 à 00:30');
  });
});
