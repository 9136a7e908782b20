import { describe, expect, it } from 'vitest';
import { keptPageParameters, keptPageVersion } from './page-cache.server';

const kept = (url: string) =>
  keptPageParameters(url, Object.fromEntries(new URL(url, 'http://souk.test').searchParams));

describe('keptPageParameters', () => {
  it('keeps the pages a shared link leads to, keyed by what their render reads', () => {
    for (const url of [
      '/',
      '/catalog',
      '/catalog/parfums',
      '/catalog/parfums/musc',
      '/products/12',
      '/product/savon-noir',
      '/products/12?fbclid=x',
      '/?loggedOut=1',
    ])
      expect([...(kept(url) ?? ['not kept'])], url).toEqual(['loggedOut']);
  });

  it('never keeps personal pages, searches, the back office or client navigation data', () => {
    for (const url of [
      '/cart',
      '/profile',
      '/suivi/Q2hhbmdlbWVfaWNpX3N1aXZp',
      '/search?q=savon',
      '/admin',
      '/products/12.data',
      '/auth/login',
      '/catalog/a/b/c',
    ])
      expect(kept(url), url).toBeNull();
  });

  it('does not keep a page asked with a value its render reads but nobody shares', () => {
    for (const url of ['/?loggedOut=2', '/catalog/parfums?n=24', '/catalog/parfums?n=999999'])
      expect(kept(url), url).toBeNull();
    expect(keptPageParameters('/', { loggedOut: ['1', '1'] })).toBeNull();
  });
});

describe('keptPageVersion', () => {
  it('keeps a Save-Data page apart from the page everyone else gets', () => {
    expect(keptPageVersion('/products/12', false)).toBe('/products/12');
    expect(keptPageVersion('/products/12', true)).not.toBe('/products/12');
    // No other page's key can be a version's.
    expect(keptPageVersion('/products/12', true)).toMatch(/\s/);
  });
});
