import { readPhone } from './phone.ts';
import { shopLocale } from './shop-locale.ts';

// The schemas' phone check on the server: the number read in the shop's country, stored in E.164.
// Its browser twin (phone-check.browser.ts) only screens out what cannot be a number, so the
// storefront never loads the numbering plans; the server's answer has the last word
// (docs/decisions/0022). package.json's "#phone-check" picks one per runtime.

export const checkPhone = (value: string) => readPhone(value, shopLocale().country);
