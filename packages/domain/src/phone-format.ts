import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// Display only, so the small metadata set (formats, no validation patterns): this module may reach
// the back office's bundle. Numbers are read and validated by phone.ts, on the server.

/**
 * Countries whose people group their numbers otherwise than libphonenumber's format: Côte d'Ivoire
 * writes its ten digits in pairs ('07 07 12 34 56'), not '07 07 12 3456'.
 */
const NATIONAL_GROUPS: Record<string, number[]> = { CI: [2, 2, 2, 2, 2] };

const group = (digits: string, sizes: number[]) => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return at === digits.length ? parts.join(' ') : null;
};

const parse = (stored: string) => (stored.startsWith('+') ? parsePhoneNumberFromString(stored) : undefined);

/** The national number grouped the country's way, where libphonenumber's grouping is not it. */
function customGrouping(number: NonNullable<ReturnType<typeof parse>>) {
  const sizes = number.country ? NATIONAL_GROUPS[number.country] : undefined;
  return sizes ? group(number.nationalNumber, sizes) : null;
}

/**
 * '+221771234567' → '+221 77 123 45 67', '+2250707123456' → '+225 07 07 12 34 56': a stored number
 * (E.164) grouped the way its country writes it. A value that is not one (an old number the
 * migration could not read) is shown as it is.
 */
export function formatPhone(stored: string): string {
  const number = parse(stored);
  if (!number) return stored;
  const grouped = customGrouping(number);
  return grouped ? `+${number.countryCallingCode} ${grouped}` : number.formatInternational();
}

/** '+33612345678' → '06 12 34 56 78': the number as it is dialled inside its country. */
export function formatPhoneNational(stored: string): string {
  const number = parse(stored);
  if (!number) return stored;
  return customGrouping(number) ?? number.formatNational();
}
