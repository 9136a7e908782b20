import {
  type AdminCustomerListQuery,
  AdminCustomerListQuerySchema,
  CUSTOMERS_PER_PAGE_DEFAULT,
} from '@souk/domain/admin-customers';
import { IdSchema, PageSchema } from '@souk/domain/primitives';
import { parsedOr, searchParam, withParams } from '~/lib/url-params';

// The customers screen's state lives in its URL (reload and the back button keep it): the page,
// the search, the status button, the sort and page size of the advanced filters, the profile open
// (?profile=ID) and the form open (?edit=ID, or ?edit=new). Each
// value is read by the schema the API validates it with: one it would refuse falls back to the
// default.

const field = AdminCustomerListQuerySchema.shape;

export type CustomerScreen = {
  query: AdminCustomerListQuery;
  profile: number | null;
  /** The profile form: a customer's id, 'new' for the empty state's add button, or null. */
  edit: number | 'new' | null;
};

export function readCustomerScreen(params: URLSearchParams): CustomerScreen {
  const edit = params.get('edit');
  return {
    query: {
      page: parsedOr(PageSchema, params.get('page'), 1),
      per_page: parsedOr(field.per_page, params.get('per_page'), CUSTOMERS_PER_PAGE_DEFAULT),
      search: searchParam(params),
      status: parsedOr(field.status, params.get('status'), undefined),
      sort_by: parsedOr(field.sort_by, params.get('sort_by'), 'created_at'),
      sort_order: parsedOr(field.sort_order, params.get('sort_order'), 'desc'),
    },
    profile: parsedOr(IdSchema, params.get('profile'), null),
    edit: edit === 'new' ? 'new' : parsedOr(IdSchema, edit, null),
  };
}

/** Whether the list is narrowed by a search or a status (the empty state then suggests changing them). */
export const isFiltered = ({ query }: CustomerScreen) =>
  query.search !== undefined || query.status !== undefined;

/** Whether the advanced panel holds a choice other than the default (it then opens). */
export const hasPanelChoices = ({ query }: CustomerScreen) =>
  query.sort_by !== 'created_at' ||
  query.sort_order !== 'desc' ||
  query.per_page !== CUSTOMERS_PER_PAGE_DEFAULT;

/**
 * A status button's link (none: every customer): from page 1, the search, sort and page size kept
 * (any change resets to page 1), no dialog open.
 */
export const statusHref = (search: string, status: AdminCustomerListQuery['status']) =>
  withParams(search, { status: status ?? null, page: null, profile: null, edit: null });

/** The list's part of the state: what, when it changes, reloads the list (a dialog opening does not). */
export const listKey = ({ query }: CustomerScreen) => JSON.stringify(query);
