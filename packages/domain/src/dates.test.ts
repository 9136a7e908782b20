import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('dates in the shop’s time zone (Dakar: UTC), whatever the machine’s', () => {
  // Just before midnight UTC: a machine at UTC+1 (Lagos, Douala) would write the next day, while
  // the filters and order numbers count it in this one.
  const lateEvening = '2025-03-31T23:59:59Z';
  const machineZone = process.env.TZ;
  let dates: typeof import('./dates.ts');

  beforeAll(async () => {
    process.env.TZ = 'Africa/Lagos';
    dates = await import('./dates.ts');
  });
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it('writes day and time fr-FR in UTC on a machine at UTC+1', () => {
    expect(new Date(lateEvening).getDate()).toBe(1); // the machine's own zone is really UTC+1
    expect(dates.formatDateTime(lateEvening)).toBe('31/03/2025 23:59');
    expect(dates.formatShortDate(lateEvening)).toBe('31/03/2025');
    expect(dates.formatLongDate(lateEvening)).toBe('31 mars 2025');
  });
});

describe('formatRelativeAge', () => {
  const now = '2025-06-15T12:00:00Z';
  const ago = (ms: number) => new Date(Date.parse(now) - ms).toISOString();
  const HOUR = 60 * 60 * 1000;
  let dates: typeof import('./dates.ts');
  beforeAll(async () => {
    dates = await import('./dates.ts');
  });

  it.each([
    [0, "À l'instant"],
    [HOUR - 1, "À l'instant"],
    [-5 * 60 * 1000, "À l'instant"],
    [HOUR, 'Il y a 1h'],
    [24 * HOUR - 1, 'Il y a 23h'],
    [24 * HOUR, 'Il y a 1j'],
    [168 * HOUR - 1, 'Il y a 6j'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(dates.formatRelativeAge(ago(ms), now)).toBe(text);
  });

  it('writes the French date, in the shop’s time zone, from a week on', () => {
    expect(dates.formatRelativeAge(ago(168 * 60 * 60 * 1000), now)).toBe('8 juin 2025');
    expect(dates.formatRelativeAge('2024-12-31T23:30:00Z', new Date(now))).toBe('31 décembre 2024');
  });
});

describe('dates in a shop configured for Douala (SHOP_TIME_ZONE=Africa/Douala, UTC+1)', () => {
  let dates: typeof import('./dates.ts');
  let locale: typeof import('./shop-locale.ts');
  beforeAll(async () => {
    locale = await import('./shop-locale.ts');
    dates = await import('./dates.ts');
    locale.setShopLocale({ ...locale.DEFAULT_SHOP_LOCALE, timeZone: 'Africa/Douala' });
  });
  afterAll(() => locale.setShopLocale(locale.DEFAULT_SHOP_LOCALE));

  it('shows an order placed at 23:30 UTC at 00:30 the next day', () => {
    const placed = '2026-11-25T23:30:00Z';
    expect(dates.formatDateTime(placed)).toBe('26/11/2026 00:30');
    expect(dates.formatShortDate(placed)).toBe('26/11/2026');
    expect(dates.formatLongDate(placed)).toBe('26 novembre 2026');
    expect(dates.shopDay(placed)).toBe('2026-11-26');
    expect(dates.formatStamp(placed)).toBe('202611260030');
  });
});
