import type { AdminBannerList, BannerStatusFilter } from '@souk/domain/admin-banners';
import { Form, Link, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { FilterLinks, SearchBox } from '~/components/ui/list-toolbar';
import { withParams } from '~/lib/url-params';
import type { BannerScreen } from './banner-params';

const STATUS_LABELS: Record<BannerStatusFilter, string> = {
  all: 'Toutes',
  active: 'Actives',
  inactive: 'Inactives',
};

/**
 * Search (title or URL) and 'Rechercher', the status buttons (all, active, inactive, each with how
 * many banners it holds) and 'Actualiser': a GET form and links, so the state is the URL's and it
 * works before the page's script has loaded.
 */
export function BannerToolbar({
  screen,
  counters,
}: {
  screen: BannerScreen;
  counters: AdminBannerList['counters'];
}) {
  const { search } = useLocation();
  const { query } = screen;
  const counts: Record<BannerStatusFilter, number> = {
    all: counters.total,
    active: counters.active,
    inactive: counters.inactive,
  };
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm">
      <Form
        key={query.search ?? ''}
        method="get"
        role="search"
        aria-label="Filtrer la liste"
        className="flex flex-wrap gap-2"
      >
        {query.status !== 'all' && <input type="hidden" name="status" value={query.status} />}
        <SearchBox
          id="banner-search"
          label="Rechercher une bannière"
          placeholder="Titre ou URL…"
          defaultValue={query.search ?? ''}
        />
        <button type="submit" className={buttonClass('primary', 'md')}>
          Rechercher
        </button>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <FilterLinks
          label="Statut des bannières"
          choices={(Object.keys(STATUS_LABELS) as BannerStatusFilter[]).map((status) => ({
            value: status,
            label: `${STATUS_LABELS[status]} (${counts[status]})`,
          }))}
          current={query.status}
          hrefFor={(status) => withParams(search, { status: status === 'all' ? null : status, edit: null })}
        />
        {/* The same address again: React Router reads the list anew (banners another admin changed). */}
        <Link
          to={withParams(search, { edit: null })}
          preventScrollReset
          className={buttonClass('ghost', 'sm')}
        >
          Actualiser
        </Link>
      </div>
    </div>
  );
}
