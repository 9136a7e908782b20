import {
  type AdminProductListQuery,
  PRODUCT_SORT_CHOICES,
  type ProductSortChoice,
} from '@souk/domain/admin-catalog';
import { ADMIN_PRODUCTS_PER_PAGE } from '@souk/domain/admin-limits';
import { IdSchema, PageSchema } from '@souk/domain/primitives';
import { oneOf, parsedOr, searchParam } from '~/lib/url-params';

// The products screen's state lives in its URL (reload and the back button keep it): the page,
// search, status, category, sort and view, whether the form is open (?edit=new|ID), and whose
// variants or media are being managed (?variants=ID, ?media=ID).

const PRODUCT_VIEWS = ['table', 'grid'] as const;
export type ProductView = (typeof PRODUCT_VIEWS)[number];

export const PRODUCT_STATUSES = ['all', 'active', 'inactive'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const SORTS = Object.keys(PRODUCT_SORT_CHOICES) as ProductSortChoice[];
export const DEFAULT_SORT: ProductSortChoice = 'created_at-desc';

export type ProductScreen = {
  page: number;
  search: string | undefined;
  status: ProductStatus;
  categoryId: number | undefined;
  sort: ProductSortChoice;
  view: ProductView;
  edit: 'new' | number | null;
  variants: number | null;
  media: number | null;
  /** The bulk creation wizard is open (?bulk=1). */
  bulk: boolean;
};

/** The screen's state from its URL; an unknown value falls back to the default, never to an error. */
export function readProductScreen(params: URLSearchParams): ProductScreen {
  const edit = params.get('edit');
  return {
    page: parsedOr(PageSchema, params.get('page'), 1),
    search: searchParam(params),
    status: oneOf(PRODUCT_STATUSES, params.get('status'), 'all'),
    categoryId: parsedOr(IdSchema, params.get('category_id'), undefined),
    sort: oneOf(SORTS, params.get('sort'), DEFAULT_SORT),
    view: oneOf(PRODUCT_VIEWS, params.get('view'), 'table'),
    edit: edit === 'new' ? 'new' : parsedOr(IdSchema, edit, null),
    variants: parsedOr(IdSchema, params.get('variants'), null),
    media: parsedOr(IdSchema, params.get('media'), null),
    bulk: params.get('bulk') === '1',
  };
}

/** Whether a filter of the panel is set (the panel then opens). */
export const hasPanelFilters = (screen: ProductScreen) =>
  screen.status !== 'all' || screen.categoryId !== undefined || screen.sort !== DEFAULT_SORT;

/** Whether the list is narrowed or reordered (the empty state tells which one to show). */
export const isFiltered = (screen: ProductScreen) => screen.search !== undefined || hasPanelFilters(screen);

/** GET /admin/products's query for the screen ('name-asc' is sort_by=name, sort_order=asc). */
/** 'Effacer tous les filtres': the list unfiltered, in the view it is shown in. */
export const clearFiltersHref = (screen: ProductScreen) =>
  screen.view === 'table' ? '?' : `?view=${screen.view}`;

export function productListQuery(screen: ProductScreen, page = screen.page): AdminProductListQuery {
  const [sortBy, sortOrder] = screen.sort.split('-') as [
    AdminProductListQuery['sort_by'],
    AdminProductListQuery['sort_order'],
  ];
  return {
    page,
    per_page: ADMIN_PRODUCTS_PER_PAGE,
    search: screen.search,
    status: screen.status === 'all' ? undefined : screen.status,
    category_id: screen.categoryId,
    sort_by: sortBy,
    sort_order: sortOrder,
  };
}
