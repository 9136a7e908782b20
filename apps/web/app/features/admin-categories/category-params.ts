import {
  type AdminCategoryListQuery,
  CATEGORY_SORTS,
  CATEGORY_STATUS_FILTERS,
} from '@souk/domain/admin-catalog';
import { IdSchema } from '@souk/domain/primitives';
import { oneOf, parsedOr, searchParam } from '~/lib/url-params';

// The categories screen's state lives in its URL (reload and the back button keep it): the list's
// search, status, sort and view, and which dialog is open (?details=ID, ?edit=new|ID).

export type CategoryView = 'grid' | 'list';

export type CategoryScreen = {
  query: AdminCategoryListQuery;
  view: CategoryView;
  details: number | null;
  edit: 'new' | number | null;
};

/** The screen's state from its URL; an unknown value falls back to the default, never to an error. */
export function readCategoryScreen(params: URLSearchParams): CategoryScreen {
  const edit = params.get('edit');
  return {
    query: {
      search: searchParam(params),
      status: oneOf(CATEGORY_STATUS_FILTERS, params.get('status'), 'all'),
      sort: oneOf(CATEGORY_SORTS, params.get('sort'), 'name'),
    },
    view: oneOf(['grid', 'list'] as const, params.get('view'), 'grid'),
    details: parsedOr(IdSchema, params.get('details'), null),
    edit: edit === 'new' ? 'new' : parsedOr(IdSchema, edit, null),
  };
}
