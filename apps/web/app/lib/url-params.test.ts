import { IdSchema } from '@souk/domain/primitives';
import { describe, expect, it } from 'vitest';
import { oneOf, parsedOr, withParams } from './url-params';

describe('withParams', () => {
  it('sets, replaces and removes keys, keeping the others', () => {
    expect(withParams('?status=active&page=3', { page: null, search: 'savon' })).toBe(
      '?status=active&search=savon',
    );
    expect(withParams('', { edit: 'new' })).toBe('?edit=new');
    expect(withParams('?edit=4', { edit: '' })).toBe('?');
  });
});

describe('URL values', () => {
  it('fall back to the default when unknown', () => {
    expect(oneOf(['grid', 'table'] as const, 'grid', 'table')).toBe('grid');
    expect(oneOf(['grid', 'table'] as const, 'carousel', 'table')).toBe('table');
    expect(oneOf(['grid', 'table'] as const, null, 'table')).toBe('table');
  });

  it('are read with the domain schema', () => {
    expect(parsedOr(IdSchema, '12', null)).toBe(12);
    for (const bad of ['0', '-3', '1.5', 'abc', '', '99999999999', null]) {
      expect(parsedOr(IdSchema, bad, null)).toBeNull();
    }
  });
});
