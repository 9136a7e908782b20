import type { Pagination } from '@souk/domain/api';

// Mapping helpers every module's mapper or service uses: they depend on nothing but the domain.

/** A timestamp as the API answers it (ISO 8601, UTC), from a driver's string or Date. */
export const iso = (value: string | Date) => new Date(value).toISOString();

/** One page of a list (`shown`: the rows on it) as the storefront's and the back office's lists answer it. */
export function toPagination(page: number, perPage: number, total: number, shown: number): Pagination {
  const offset = (page - 1) * perPage;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from: shown ? offset + 1 : null,
    to: shown ? offset + shown : null,
  };
}
