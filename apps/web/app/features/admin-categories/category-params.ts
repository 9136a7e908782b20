import {
  type AdminCategoryListQuery,
  CATEGORY_SORTS,
  CATEGORY_STATUS_FILTERS,
} from '@souk/domain/admin-catalog';
import { IdSchema } from '@souk/domain/primitives';

// The categories screen's state lives in its URL (reload and the back button keep it): the list's
// search, status, sort and view, and which dialog is open (?details=ID, ?edit=new|ID).

export type CategoryView = 'grid' | 'list';

export type CategoryScreen = {
  query: AdminCategoryListQuery;
  view: CategoryView;
  details: number | null;
  edit: 'new' | number | null;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

const positiveId = (value: string | null) => {
  const parsed = IdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The screen's state from its URL; an unknown value falls back to the default, never to an error. */
export function readCategoryScreen(params: URLSearchParams): CategoryScreen {
  const edit = params.get('edit');
  return {
    query: {
      search: (params.get('search') ?? '').trim().slice(0, 100) || undefined,
      status: oneOf(CATEGORY_STATUS_FILTERS, params.get('status'), 'all'),
      sort: oneOf(CATEGORY_SORTS, params.get('sort'), 'name'),
    },
    view: oneOf(['grid', 'list'] as const, params.get('view'), 'grid'),
    details: positiveId(params.get('details')),
    edit: edit === 'new' ? 'new' : positiveId(edit),
  };
}

/** The current URL's search with `changes` applied (null removes a key). */
export function withParams(search: string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '?';
}
