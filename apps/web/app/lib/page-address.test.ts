import { describe, expect, it } from 'vitest';
import { pageAddressOf } from './page-address';

describe('pageAddressOf', () => {
  const of = (url: string) => pageAddressOf(new Request(`http://souk.test${url}`));

  it('keeps a page address as it is', () => {
    expect(of('/admin/categories?status=inactive')).toBe('/admin/categories?status=inactive');
  });

  it("turns React Router's data request back into the page it is for", () => {
    expect(of('/admin/categories.data?_routes=routes%2Fadmin-categories')).toBe('/admin/categories');
    expect(of('/admin/categories.data?status=inactive&_routes=x')).toBe('/admin/categories?status=inactive');
    expect(of('/_root.data')).toBe('/');
  });
});
