import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('dates in the shop’s time zone (UTC), whatever the machine’s', () => {
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
