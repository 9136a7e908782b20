import type { Pagination as ApiPagination } from '@souk/domain/api';
import { Link } from 'react-router';

export type PageItem = number | 'ellipsis';

/** Up to this many pages, every number is shown; beyond, the first, the last and a window. */
const FULL_LIST_MAX = 5;

const clampPage = (page: number, lastPage: number) => Math.min(Math.max(1, Math.trunc(page)), lastPage);

/**
 * The page numbers to show: all of them up to 5 pages; otherwise the first and the last page, the
 * current one with its neighbours, and 'ellipsis' for each gap. A gap of a single page shows that
 * page instead, since an ellipsis would take as much room and hide it.
 */
export function pageItems(page: number, lastPage: number): PageItem[] {
  if (lastPage <= FULL_LIST_MAX) return Array.from({ length: Math.max(lastPage, 0) }, (_, i) => i + 1);
  const current = clampPage(page, lastPage);
  let start = Math.max(2, current - 1);
  let end = Math.min(lastPage - 1, current + 1);
  if (start === 3) start = 2;
  if (end === lastPage - 2) end = lastPage - 1;
  const window = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return [
    1,
    ...(start > 2 ? (['ellipsis'] as const) : []),
    ...window,
    ...(end < lastPage - 1 ? (['ellipsis'] as const) : []),
    lastPage,
  ];
}

/** 'Affichage de X à Y sur Z résultats': which results this page holds (the last one may be short). */
export function rangeText({ page, perPage, total }: { page: number; perPage: number; total: number }) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = clampPage(page, lastPage);
  const from = total === 0 ? 0 : (current - 1) * perPage + 1;
  const to = Math.min(current * perPage, total);
  return `Affichage de ${from} à ${to} sur ${total} résultat${total > 1 ? 's' : ''}`;
}

const itemClass =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800';
const linkClass = `${itemClass} text-stone-800 hover:bg-stone-100`;
const currentClass = `${itemClass} bg-emerald-800 text-white hover:bg-emerald-900`;
const disabledClass = `${itemClass} cursor-not-allowed text-stone-400`;

/**
 * Page links for a list whose page lives in the URL (`hrefFor` builds each page's address, keeping the
 * filters), so a page can be bookmarked, shared and reached with Back. With one page, only the
 * range is shown.
 */
export function Pagination({
  pagination,
  hrefFor,
}: {
  /** The list's pagination, as the API sends it. */
  pagination: Pick<ApiPagination, 'current_page' | 'last_page' | 'per_page' | 'total'>;
  hrefFor: (page: number) => string;
}) {
  const { current_page: page, last_page: lastPage, per_page: perPage, total } = pagination;
  // One page: no links, but still which results are shown (the list's footer), when there are any.
  if (lastPage <= 1)
    return total > 0 ? (
      <p className="py-2 text-center text-sm text-stone-600">{rangeText({ page: 1, perPage, total })}</p>
    ) : null;
  const current = clampPage(page, lastPage);
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center gap-3 py-2">
      <p className="flex flex-wrap justify-center gap-x-3 text-sm text-stone-600">
        <span>{rangeText({ page: current, perPage, total })}</span>
        <span>
          Page {current} sur {lastPage}
        </span>
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {current > 1 ? (
            <Link to={hrefFor(current - 1)} rel="prev" className={linkClass}>
              Précédent
            </Link>
          ) : (
            <span aria-disabled="true" className={disabledClass}>
              Précédent
            </span>
          )}
        </li>
        {pageItems(current, lastPage).map((item, index) =>
          item === 'ellipsis' ? (
            // Two ellipses at most, told apart by where they stand.
            // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity but its place
            <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                className={item === current ? currentClass : linkClass}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < lastPage ? (
            <Link to={hrefFor(current + 1)} rel="next" className={linkClass}>
              Suivant
            </Link>
          ) : (
            <span aria-disabled="true" className={disabledClass}>
              Suivant
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
