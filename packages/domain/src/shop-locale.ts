/**
 * The shop's country and clock: deployment settings (SHOP_COUNTRY, SHOP_TIME_ZONE), the same for
 * every request. Each runtime sets them once before it reads a number or writes a date — the server
 * at start, from its configuration; the browser before hydration, from the page the server wrote
 * (entry.client) — so the server's and the browser's texts agree (docs/decisions/0022).
 */
export type ShopLocale = {
  /** ISO 3166-1 alpha-2: the country of a number typed without its country code. */
  country: string;
  /** IANA name: the zone the shop counts its days in and shows its dates in. */
  timeZone: string;
  /** A mobile number of the country as its people type it and in international form (field hints). */
  phoneExample: { national: string; international: string };
};

/** What an unconfigured runtime assumes: the demo shop's (Dakar); `loadConfig` derives the same. */
export const DEFAULT_SHOP_LOCALE: ShopLocale = {
  country: 'SN',
  timeZone: 'Africa/Dakar',
  phoneExample: { national: '70 123 45 67', international: '+221 70 123 45 67' },
};

let current: ShopLocale = DEFAULT_SHOP_LOCALE;

export function setShopLocale(locale: ShopLocale): void {
  current = locale;
}

export const shopLocale = (): ShopLocale => current;

/** The `<meta>` the server writes into every page and the browser reads back before hydrating. */
export const SHOP_LOCALE_META = 'souk-shop-locale';

/** The accepted forms of a phone number, under every phone field. */
export const phoneFieldHint = ({ phoneExample } = current) =>
  `Avec ou sans l'indicatif : ${phoneExample.national} ou ${phoneExample.international}`;

/** Under a field that takes an e-mail or a WhatsApp number (login, forgotten password). */
export const identifierFieldHint = ({ phoneExample } = current) =>
  `Par exemple : nom@exemple.com, ${phoneExample.national} ou ${phoneExample.international}`;
