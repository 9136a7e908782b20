import { describe, expect, it } from 'vitest';
import { formatCount, formatFcfa } from './money.ts';

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
