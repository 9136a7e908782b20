import { shopTimeZone } from '@souk/domain/dates';
import { type SQL, sql } from 'drizzle-orm';

// The shop's calendar days in SQL (SHOP_TIME_ZONE, docs/decisions/0022): a day filter includes both of its ends, so a
// period runs from the first instant of its first day to the first instant after its last.

/** A day's first instant: '2026-11-25' → timestamptz. */
export const shopDayStart = (day: string): SQL =>
  sql`(${day}::date)::timestamp at time zone ${shopTimeZone()}`;

/** The first instant after a day: '2026-11-25' → the start of the 26th. */
export const shopDayEnd = (day: string): SQL =>
  sql`(${day}::date + 1)::timestamp at time zone ${shopTimeZone()}`;
