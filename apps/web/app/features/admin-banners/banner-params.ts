import { type AdminBannerListQuery, BANNER_STATUS_FILTERS } from '@souk/domain/admin-banners';
import { IdSchema } from '@souk/domain/primitives';
import { oneOf, parsedOr, searchParam } from '~/lib/url-params';

// The banners screen's state lives in its URL (reload and the back button keep it): the search,
// the status, and the form when it is open (?edit=new|ID).

export type BannerScreen = {
  query: AdminBannerListQuery;
  edit: 'new' | number | null;
};

/** The screen's state from its URL; an unknown value falls back to the default, never to an error. */
export function readBannerScreen(params: URLSearchParams): BannerScreen {
  const edit = params.get('edit');
  return {
    query: {
      search: searchParam(params),
      status: oneOf(BANNER_STATUS_FILTERS, params.get('status'), 'all'),
    },
    edit: edit === 'new' ? 'new' : parsedOr(IdSchema, edit, null),
  };
}

/** Whether the list is narrowed (the count then says 'trouvée(s)', the empty state offers to widen it). */
export const isFiltering = ({ query }: BannerScreen) => Boolean(query.search) || query.status !== 'all';
