import { describe, expect, it } from 'vitest';
import { clearFiltersHref, isFiltered, productListQuery, readProductScreen } from './product-params';

const read = (search: string) => readProductScreen(new URLSearchParams(search));

describe('the products screen read from its URL', () => {
  it('has defaults: page 1, every product, newest first, as a table', () => {
    const screen = read('');
    expect(screen).toEqual({
      page: 1,
      search: undefined,
      status: 'all',
      categoryId: undefined,
      sort: 'created_at-desc',
      view: 'table',
      edit: null,
      variants: null,
      media: null,
      bulk: false,
    });
    expect(isFiltered(screen)).toBe(false);
    expect(productListQuery(screen)).toEqual({
      page: 1,
      per_page: 10,
      search: undefined,
      status: undefined,
      category_id: undefined,
      sort_by: 'created_at',
      sort_order: 'desc',
    });
  });

  it('reads every value of the URL', () => {
    const screen = read(
      'page=2&search=+savon+&status=inactive&category_id=7&sort=base_price-asc&view=grid&edit=12&variants=5&media=6&bulk=1',
    );
    expect(screen).toEqual({
      page: 2,
      search: 'savon',
      status: 'inactive',
      categoryId: 7,
      sort: 'base_price-asc',
      view: 'grid',
      edit: 12,
      variants: 5,
      media: 6,
      bulk: true,
    });
    expect(isFiltered(screen)).toBe(true);
    expect(productListQuery(screen)).toMatchObject({
      page: 2,
      search: 'savon',
      status: 'inactive',
      category_id: 7,
      sort_by: 'base_price',
      sort_order: 'asc',
    });
    expect(read('edit=new').edit).toBe('new');
  });

  it('falls back to the default on an unknown or broken value, never to an error', () => {
    expect(
      read('page=-1&search=%20%20&status=deleted&category_id=abc&sort=price&view=carousel&edit=0x10'),
    ).toEqual(read(''));
    expect(read('page=1.5&category_id=0&sort=name-sideways').page).toBe(1);
    expect(read('category_id=99999999999').categoryId).toBeUndefined();
    expect(read(`search=${'a'.repeat(300)}`).search).toHaveLength(100);
  });
});

describe("'Effacer tous les filtres'", () => {
  it('drops every filter and the page, and keeps the view', () => {
    expect(clearFiltersHref(read('search=savon&status=active&category_id=3&page=2'))).toBe('?');
    expect(clearFiltersHref(read('search=savon&sort=price-asc&view=grid'))).toBe('?view=grid');
  });
});
