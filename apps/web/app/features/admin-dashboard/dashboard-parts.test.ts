import { describe, expect, it } from 'vitest';
import { formatChange } from './dashboard-parts';

describe("'Activité récente'", () => {
  it('writes the change from last week in per cent, signed', () => {
    expect(formatChange(15)).toBe('+15\u00a0%');
    expect(formatChange(-70)).toBe('−70\u00a0%');
    expect(formatChange(0)).toBe('stable');
    expect(formatChange(null)).toBe('pas de comparaison possible');
  });
});
