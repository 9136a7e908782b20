import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysIn,
  formatDay,
  lastDays,
  PERIOD_TOO_LONG,
  ReportQuerySchema,
  reportPeriod,
  weekChange,
} from './admin-dashboard.ts';
import { shopDay } from './dates.ts';
import { DEFAULT_SHOP_LOCALE, setShopLocale } from './shop-locale.ts';

describe('weekChange', () => {
  it('is the change from last week in whole per cent', () => {
    expect(weekChange(115, 100)).toBe(15);
    expect(weekChange(3000, 10_000)).toBe(-70);
    expect(weekChange(2, 1)).toBe(100);
    expect(weekChange(1, 3)).toBe(-67);
    expect(weekChange(0, 4)).toBe(-100);
    expect(weekChange(7, 7)).toBe(0);
  });

  it('is no percentage when last week had nothing', () => {
    expect(weekChange(5, 0)).toBeNull();
    expect(weekChange(0, 0)).toBeNull();
  });
});

describe("the shop's days", () => {
  it('reads the day of an instant in the shop time zone (Dakar: UTC)', () => {
    expect(shopDay(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-29');
    expect(shopDay(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
  });

  it("reads it in the configured zone: 23:30 UTC is the next day's 00:30 in Douala", () => {
    setShopLocale({ ...DEFAULT_SHOP_LOCALE, timeZone: 'Africa/Douala' });
    try {
      expect(shopDay(new Date('2026-11-29T22:59:59Z'))).toBe('2026-11-29');
      expect(shopDay(new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-30');
    } finally {
      setShopLocale(DEFAULT_SHOP_LOCALE);
    }
  });

  it('counts days across months, years and leap days', () => {
    expect(addDays('2026-11-25', -29)).toBe('2026-10-27');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysIn('2026-11-25', '2026-11-25')).toBe(1);
    expect(daysIn('2024-01-01', '2024-12-31')).toBe(366);
    expect(lastDays(7, '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
  });

  it('writes a day the French way, whatever the time zone', () => {
    expect(formatDay('2026-03-05')).toBe('05/03/2026');
  });
});

describe("the report's period", () => {
  const errorsOf = (query: object) => {
    const parsed = ReportQuerySchema.safeParse(query);
    return parsed.success ? null : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('takes whole days, both included, up to a year', () => {
    expect(ReportQuerySchema.parse({ from: ' 2026-01-01 ', to: '2026-12-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(errorsOf({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(errorsOf({ from: '2025-01-01', to: '2026-01-02' })).toEqual([['from', PERIOD_TOO_LONG]]);
    expect(errorsOf({ from: '2026-02-29' })).toEqual([['from', 'La date de début est invalide']]);
    expect(errorsOf({ from: '2026-02-02', to: '2026-02-01' })).toEqual([
      ['from', 'La date de début doit précéder la date de fin'],
    ]);
  });

  it('is the last 30 days without days, and 30 days from or up to a single one', () => {
    expect(reportPeriod({}, '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(reportPeriod({ to: '2026-01-30' }, '2026-11-25')).toEqual({
      from: '2026-01-01',
      to: '2026-01-30',
    });
    expect(reportPeriod({ from: '2026-01-01' }, '2026-11-25')).toEqual({
      from: '2026-01-01',
      to: '2026-01-30',
    });
    expect(reportPeriod({ from: '2026-01-01', to: '2026-01-01' }, '2026-11-25')).toEqual({
      from: '2026-01-01',
      to: '2026-01-01',
    });
  });
});
