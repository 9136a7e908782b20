import {
  type CountryCode,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { formatPhone, formatPhoneNational } from './phone-format.ts';
import { PHONE_INVALID_MESSAGE, screenPhone } from './phone-screen.ts';

// Reading the phone numbers customers type, on the server: the full metadata set, which tells a
// number that exists from one of the right length. The browser never loads it (phone-check).

/** A WhatsApp number is a mobile or a fixed line (some countries do not tell the two apart). */
const ACCEPTED_TYPES = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

export type PhoneReading = { ok: true; e164: string } | { ok: false; message: string };

export const isShopCountry = (country: string): country is CountryCode => isSupportedCountry(country);

const accepted = (number: PhoneNumber | undefined) =>
  number?.isValid() && ACCEPTED_TYPES.has(number.getType() ?? '') ? number.number : null;

/**
 * A phone number as a customer types it → E.164 ('+221771234567'), or a French message.
 * With '+' or '00' it is read as international; otherwise as a number of the shop's `country`
 * ('77 123 45 67' in Dakar, '07 07 12 34 56' in Abidjan), then as digits that already start with a
 * country code ('221771234567'). Only a valid mobile or fixed number of its country is accepted.
 * A trunk 0 a country does not dial is not dropped: '07 07 12 34 56' typed in Dakar is an Ivorian
 * number without its code, and dropping the 0 would make it someone else's Senegalese one.
 */
export function readPhone(input: string, country: string): PhoneReading {
  const screened = screenPhone(input);
  if (!screened) return { ok: false, message: PHONE_INVALID_MESSAGE };
  const { digits, international } = screened;
  if (international) {
    const e164 = accepted(parsePhoneNumberFromString(`+${digits}`));
    return e164 ? { ok: true, e164 } : { ok: false, message: PHONE_INVALID_MESSAGE };
  }
  const home = isShopCountry(country) ? country : undefined;
  const readings = [
    () => parsePhoneNumberFromString(digits, { defaultCountry: home }),
    () => parsePhoneNumberFromString(`+${digits}`),
  ];
  for (const read of readings) {
    const e164 = accepted(read());
    if (e164) return { ok: true, e164 };
  }
  // A number of the right size that is none of the shop's country's: most likely another country's.
  const code = home ? getCountryCallingCode(home) : '221';
  return {
    ok: false,
    message: `${PHONE_INVALID_MESSAGE}. Indiquez l'indicatif du pays, par exemple +${code}…`,
  };
}

/** A mobile number of `country` written both ways, for the hints under phone fields. */
export function phoneExample(country: string): { national: string; international: string } | null {
  if (!isShopCountry(country)) return null;
  const example = getExampleNumber(country, examples);
  if (!example) return null;
  return { national: formatPhoneNational(example.number), international: formatPhone(example.number) };
}

/** The country a number belongs to ('+221771234567' → 'SN'), when the metadata tells. */
export const phoneCountry = (e164: string) => parsePhoneNumberFromString(e164)?.country;
