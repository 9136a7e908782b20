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
