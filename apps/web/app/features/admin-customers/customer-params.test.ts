import { describe, expect, it } from 'vitest';
import { hasPanelChoices, isFiltered, listKey, readCustomerScreen, statusHref } from './customer-params';

const read = (search: string) => readCustomerScreen(new URLSearchParams(search));

/** The list's query when the URL says nothing (or nothing the API would take). */
const DEFAULTS = {
  page: 1,
  per_page: 10,
  search: undefined,
  status: undefined,
  sort_by: 'created_at',
  sort_order: 'desc',
};

describe('the customers screen read from its URL', () => {
  it('has defaults: page 1 of 10, newest first, nothing open', () => {
    const screen = read('');
    expect(screen).toEqual({
      query: DEFAULTS,
      profile: null,
      edit: null,
    });
    expect(isFiltered(screen)).toBe(false);
    expect(hasPanelChoices(screen)).toBe(false);
  });

  it('reads every value the API takes', () => {
    const screen = read(
      'page=3&per_page=50&search=%20awa%20&status=blocked&sort_by=orders_count&sort_order=asc&profile=7&edit=new',
    );
    expect(screen).toEqual({
      query: {
        page: 3,
        per_page: 50,
        search: 'awa',
        status: 'blocked',
        sort_by: 'orders_count',
        sort_order: 'asc',
      },
      profile: 7,
      edit: 'new',
    });
    expect(isFiltered(screen)).toBe(true);
    expect(hasPanelChoices(screen)).toBe(true);
    expect(read('edit=12').edit).toBe(12);
  });

  it('falls back to the defaults for values the API would refuse', () => {
    const screen = read(
      'page=0&per_page=20&status=admin&sort_by=password_hash&sort_order=up&profile=abc&edit=-1',
    );
    expect(screen.query).toEqual(DEFAULTS);
    expect(screen.profile).toBeNull();
    expect(screen.edit).toBeNull();
  });

  it('a dialog opening leaves the list as it is', () => {
    expect(listKey(read('search=awa&profile=3'))).toBe(listKey(read('search=awa&edit=new')));
    expect(listKey(read('search=awa'))).not.toBe(listKey(read('search=awa&page=2')));
  });

  it('a status button starts again at page 1 and keeps the search, sort and size', () => {
    const params = (href: string) => Object.fromEntries(new URLSearchParams(href.slice(1)));
    expect(params(statusHref('?page=4&search=awa&sort_by=name&per_page=25&profile=3', 'blocked'))).toEqual({
      search: 'awa',
      status: 'blocked',
      sort_by: 'name',
      per_page: '25',
    });
    expect(statusHref('?status=blocked&page=2', undefined)).toBe('?');
  });
});
