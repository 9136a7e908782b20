/**
 * The time zone the shop counts its days in and shows its dates in: order numbers (CMD-YYYYMMDD-…),
 * the orders screen's periods and day filters, every date on a page (the server and the browser
 * write the same text, whatever their own zones) and exported dates. UTC, the agency's own
 * (docs/decisions/0018).
 */
export const SHOP_TIME_ZONE = 'UTC';

const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});
const shortDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});
const dateTime = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** '23 novembre 2026' */
export const formatLongDate = (value: string | Date) => longDate.format(toDate(value));
/** '23/11/2026' */
export const formatShortDate = (value: string | Date) => shortDate.format(toDate(value));
/** '23/11/2026 14:05' */
export const formatDateTime = (value: string | Date) => dateTime.format(toDate(value)).replace(',', '');

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long ago something was made (back-office spec §9): under an hour 'À l'instant', under 24 h
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
