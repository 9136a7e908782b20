import { describe, expect, it } from 'vitest';
import { phoneExample, readPhone } from './phone.ts';
import { formatPhone, formatPhoneNational } from './phone-format.ts';
import { screenPhone } from './phone-screen.ts';

const INVALID = 'Format de numéro WhatsApp invalide';
const hint = (code: string) => `${INVALID}. Indiquez l'indicatif du pays, par exemple +${code}…`;

// Real-world inputs as customers type them, in the shop's country: [typed, shop's country, stored].
const VALID: [string, string, string][] = [
  // Senegal: 9 digits, no trunk 0.
  ['77 123 45 67', 'SN', '+221771234567'],
  ['771234567', 'SN', '+221771234567'],
  ['+221 77 123 45 67', 'SN', '+221771234567'],
  ['00221 77 123 45 67', 'SN', '+221771234567'],
  ['221771234567', 'SN', '+221771234567'],
  ['77.123.45.67', 'SN', '+221771234567'],
  ['33 823 45 67', 'SN', '+221338234567'], // a Dakar fixed line
  // Côte d'Ivoire: 10 digits since 2021, the leading 0 belongs to the number.
  ['07 07 12 34 56', 'CI', '+2250707123456'],
  ['0707123456', 'CI', '+2250707123456'],
  ['00225 07 07 12 34 56', 'SN', '+2250707123456'],
  ['(+225) 0707123456', 'SN', '+2250707123456'],
  ['+225-07-07-12-34-56', 'SN', '+2250707123456'],
  ['2250707123456', 'SN', '+2250707123456'],
  // Mali: 8 digits.
  ['76 12 34 56', 'ML', '+22376123456'],
  ['+223 76 12 34 56', 'CI', '+22376123456'],
  // Cameroon: 9 digits starting with 6 for mobiles.
  ['6 71 23 45 67', 'CM', '+237671234567'],
  ['671234567', 'CM', '+237671234567'],
  ['00237 671 23 45 67', 'SN', '+237671234567'],
  // France: a trunk 0 dialled at home, dropped abroad.
  ['06 12 34 56 78', 'FR', '+33612345678'],
  ['+33 6 12 34 56 78', 'SN', '+33612345678'],
  ['0033612345678', 'CM', '+33612345678'],
  ['+33 (0)6 12 34 56 78', 'SN', '+33612345678'],
  // The same digits are another number in another shop: in France, 07 71 23 45 67.
  ['77 123 45 67', 'FR', '+33771234567'],
];

const REFUSED: [string, string, string][] = [
  ['abc', 'SN', INVALID],
  ['77 12E 45 67', 'SN', INVALID],
  ['77 12', 'SN', INVALID], // too short
  ['1234567890123456', 'SN', INVALID], // too long for any country
  ['+221 77 123 45 67 8', 'SN', INVALID], // one digit too many
  ['+221 77 1', 'SN', INVALID],
  ['+225 7 07 12 34 56', 'SN', INVALID], // the old 8-digit Ivorian form
  ['+', 'SN', INVALID],
  ['', 'SN', INVALID],
  // Valid somewhere, not in the shop's country, typed without a code: the hint says what to add.
  ['07 07 12 34 56', 'SN', hint('221')],
  ['0771234567', 'SN', hint('221')], // Senegal dials no trunk 0
  ['76 12 34 56 7', 'ML', hint('223')],
  ['06 12 34 56 78', 'CM', hint('237')],
];

describe('readPhone', () => {
  it.each(VALID)('reads %j in %s as %s', (typed, country, stored) => {
    expect(readPhone(typed, country)).toEqual({ ok: true, e164: stored });
  });

  it.each(REFUSED)('refuses %j in %s', (typed, country, message) => {
    expect(readPhone(typed, country)).toEqual({ ok: false, message });
  });

  it('accepts a fixed line as well as a mobile, but not a number no one can have', () => {
    expect(readPhone('+221 33 823 45 67', 'SN').ok).toBe(true);
    expect(readPhone('+221 99 123 45 67', 'SN').ok).toBe(false);
  });
});

describe('screenPhone (what the browser can tell without the numbering plans)', () => {
  it('lets digits through with their separators and an international prefix', () => {
    expect(screenPhone(' (+225) 07-07-12-34-56 ')).toEqual({ digits: '2250707123456', international: true });
    expect(screenPhone('77 123 45 67')).toEqual({ digits: '771234567', international: false });
  });
  it('stops letters and impossible lengths', () => {
    for (const bad of ['abc', '77 12', '1234567890123456', '+', '++33612'])
      expect(screenPhone(bad), bad).toBeNull();
  });
});

describe('formatPhone', () => {
  it('groups a stored number the way its country writes it', () => {
    expect(formatPhone('+221771234567')).toBe('+221 77 123 45 67');
    expect(formatPhone('+2250707123456')).toBe('+225 07 07 12 34 56');
    expect(formatPhone('+22376123456')).toBe('+223 76 12 34 56');
    expect(formatPhone('+237671234567')).toBe('+237 6 71 23 45 67');
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
  });
  it('writes the national form as it is dialled at home', () => {
    expect(formatPhoneNational('+2250707123456')).toBe('07 07 12 34 56');
    expect(formatPhoneNational('+33612345678')).toBe('06 12 34 56 78');
  });
  it('shows a value that is no stored number (one the migration could not read) as it is', () => {
    expect(formatPhone('771')).toBe('771');
  });
});

describe('phoneExample', () => {
  it("gives a mobile number of the shop's country both ways, for the hints", () => {
    expect(phoneExample('SN')).toEqual({ national: '70 123 45 67', international: '+221 70 123 45 67' });
    expect(phoneExample('CI')).toEqual({ national: '01 23 45 67 89', international: '+225 01 23 45 67 89' });
    expect(phoneExample('XX')).toBeNull();
  });
});
