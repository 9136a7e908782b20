import { describe, expect, it } from 'vitest';
import { formatCount, formatFcfa } from './money.ts';
import { parseFcfaAmount } from './typed-amount.ts';

describe('formatFcfa', () => {
  it('groups thousands the French way and appends FCFA', () => {
    expect(formatFcfa(12500)).toBe('12\u202f500\u00a0FCFA');
    expect(formatFcfa(1250000)).toBe('1\u202f250\u202f000\u00a0FCFA');
  });
  it('rounds to whole francs', () => {
    expect(formatFcfa(999.6)).toBe('1\u202f000\u00a0FCFA');
    expect(formatFcfa('4500.2')).toBe('4\u202f500\u00a0FCFA');
  });
  it('shows 0 FCFA for missing or non-numeric amounts', () => {
    expect(formatFcfa(null)).toBe('0\u00a0FCFA');
    expect(formatFcfa('abc')).toBe('0\u00a0FCFA');
  });
});

describe('formatCount', () => {
  it('groups thousands with a narrow no-break space and writes a decimal comma', () => {
    expect(formatCount(1234567)).toBe('1\u202f234\u202f567');
    expect(formatCount(12.5)).toBe('12,5');
    expect(formatCount(0)).toBe('0');
  });
});

describe('parseFcfaAmount', () => {
  it('reads whole FCFA as the back office types them, French thousands separators included', () => {
    const amounts: [string, number][] = [
      ['3500', 3500],
      ['3.500', 3500],
      ['3 500', 3500],
      ['3\u00a0500', 3500],
      ['3\u202f500', 3500],
      ['3 500 FCFA', 3500],
      ['3500 F', 3500],
      ['3.500 FCFA', 3500],
      ['3500fcfa', 3500],
      ['3 500 F CFA', 3500],
      [' 750 ', 750],
      ['12.500.000', 12_500_000],
      ['12 500 000', 12_500_000],
      [formatFcfa(12_500), 12_500],
    ];
    for (const [text, amount] of amounts) expect(parseFcfaAmount(text), JSON.stringify(text)).toBe(amount);
  });

  it('refuses what is ambiguous, not whole, not positive or not an amount', () => {
    const refused = [
      '3,5',
      '3.50',
      '3.5',
      '35.00',
      '3,500',
      '3 500,00',
      '-1',
      '+1',
      '0',
      '00',
      '0.500',
      'abc',
      '',
      '3.500 000',
      '3..500',
      '3 5000',
      '12.5000.000',
      'FCFA',
      '3500 FCFA FCFA',
      '1e3',
      '0x10',
    ];
    for (const text of refused) expect(parseFcfaAmount(text), JSON.stringify(text)).toBeNull();
  });
});
