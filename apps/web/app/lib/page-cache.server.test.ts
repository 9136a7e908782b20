import { describe, expect, it } from 'vitest';
import { keptPageParameters } from './page-cache.server';

describe('keptPageParameters', () => {
  it('keeps the pages a shared link leads to, with the parameters their render reads', () => {
    for (const url of ['/', '/catalog', '/products/12', '/product/savon-noir', '/products/12?fbclid=x'])
      expect([...(keptPageParameters(url) ?? ['not kept'])], url).toEqual(['loggedOut']);
    for (const url of ['/catalog/parfums', '/catalog/parfums/musc?n=24'])
      expect([...(keptPageParameters(url) ?? ['not kept'])], url).toEqual(['loggedOut', 'n']);
  });

  it('never keeps personal pages, searches, the back office or client navigation data', () => {
    for (const url of [
      '/cart',
      '/profile',
      '/search?q=savon',
      '/admin',
      '/products/12.data',
      '/auth/login',
      '/catalog/a/b/c',
    ])
      expect(keptPageParameters(url), url).toBeNull();
  });
});
