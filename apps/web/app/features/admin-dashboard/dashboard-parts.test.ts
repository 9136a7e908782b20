import { describe, expect, it } from 'vitest';
import { formatChange } from './dashboard-parts';

describe("'Activité récente'", () => {
  it('writes the change from last week in per cent, signed', () => {
    expect(formatChange(15)).toBe('+15\u00a0%');
    expect(formatChange(-70)).toBe('−70\u00a0%');
    expect(formatChange(0)).toBe('stable');
    // Nothing last week: no percentage to give.
    expect(formatChange(null)).toBeNull();
  });
});
