import { shopLocale } from './shop-locale.ts';

/**
 * The time zone the shop counts its days in and shows its dates in (SHOP_TIME_ZONE, by default its
 * country's): order numbers (CMD-YYYYMMDD-…), the periods and day filters of the orders screen, the
 * dashboard and the report, every date on a page (the server and the browser write the same text,
 * whatever their own zones) and exported dates (docs/decisions/0022).
 */
export const shopTimeZone = () => shopLocale().timeZone;

type FormatName = 'long' | 'short' | 'dateTime' | 'day' | 'stamp';
const OPTIONS: Record<FormatName, { locale: string; options: Intl.DateTimeFormatOptions }> = {
  long: { locale: 'fr-FR', options: { day: 'numeric', month: 'long', year: 'numeric' } },
  short: { locale: 'fr-FR', options: { day: '2-digit', month: '2-digit', year: 'numeric' } },
  dateTime: {
    locale: 'fr-FR',
    options: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  },
  // ISO day digits ('2026-11-25'): en-CA writes year-month-day.
  day: { locale: 'en-CA', options: { year: 'numeric', month: '2-digit', day: '2-digit' } },
  // Day then 24-hour time, as digits to keep ('2026-11-25, 14:05').
  stamp: {
    locale: 'en-CA',
    options: {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    },
  },
};

// A formatter costs far more to build than to use: one per format and zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(name: FormatName): Intl.DateTimeFormat {
  const timeZone = shopTimeZone();
  const key = `${name} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    const { locale, options } = OPTIONS[name];
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, format);
  }
  return format;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** '23 novembre 2026' */
export const formatLongDate = (value: string | Date) => formatter('long').format(toDate(value));
/** '23/11/2026' */
export const formatShortDate = (value: string | Date) => formatter('short').format(toDate(value));
/** '23/11/2026 14:05' */
export const formatDateTime = (value: string | Date) =>
  formatter('dateTime').format(toDate(value)).replace(',', '');
/** '202611251405': the shop's day and minute at `value`, for file names. */
export const formatStamp = (value: string | Date) =>
  formatter('stamp').format(toDate(value)).replace(/\D/g, '');
/** '2026-11-25': the shop's calendar day at `value`. */
export const shopDay = (value: string | Date) => formatter('day').format(toDate(value));

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long ago something was made: under an hour 'À l'instant', under 24 h
 * 'Il y a {n}h', under 168 h (a week) 'Il y a {n}j', else its date ('23 novembre 2026', in the
 * shop's time zone). `now` is passed in so the server and the browser write the same text. A date
 * ahead of `now` (clocks a little apart) is 'À l'instant'.
 */
export function formatRelativeAge(value: string | Date, now: string | Date): string {
  const hours = Math.floor((toDate(now).getTime() - toDate(value).getTime()) / HOUR_MS);
  if (hours < 1) return "À l'instant";
  if (hours < 24) return `Il y a ${hours}h`;
  if (hours < 168) return `Il y a ${Math.floor(hours / 24)}j`;
  return formatLongDate(value);
}
