// Type-only import: the catalog module pulls in zod, which must stay out of the browser bundle.
import type { SearchSort } from '@souk/domain/catalog';

/** SEARCH_SORTS' keys, in the order the sort select lists them (the server maps them with SEARCH_SORTS). */
export const SEARCH_SORT_KEYS = [
  'relevance',
  'price_asc',
  'price_desc',
  'newest',
] as const satisfies readonly SearchSort[];

export type SearchParams = {
  q: string;
  min_price: string;
  max_price: string;
  category_id: string;
  sort: SearchSort;
  view: 'grid' | 'list';
};

export const DEFAULT_SORT: SearchSort = 'relevance';

/** Reads /search's URL; empty fields (a no-JS GET form sends them) count as absent. */
export function readSearchParams(url: URLSearchParams): SearchParams {
  const value = (name: string) => (url.get(name) ?? '').trim();
  const sort = value('sort');
  return {
    q: value('q'),
    min_price: value('min_price'),
    max_price: value('max_price'),
    category_id: value('category_id'),
    sort: (SEARCH_SORT_KEYS as readonly string[]).includes(sort) ? (sort as SearchSort) : DEFAULT_SORT,
    view: value('view') === 'list' ? 'list' : 'grid',
  };
}

/** The URL for a set of params, dropping empty values and defaults so links stay short. */
export function searchHref(params: Partial<SearchParams>): string {
  const url = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    const v = (raw ?? '').trim();
    if (!v || (key === 'sort' && v === DEFAULT_SORT) || (key === 'view' && v === 'grid')) continue;
    url.set(key, v);
  }
  const query = url.toString();
  return query ? `/search?${query}` : '/search';
}
