import { useNavigate } from 'react-router';
import { type SearchParams, searchHref } from './search-params';

/**
 * Grid/list switch kept in the URL (?view=list): a tiny GET form so it works without JavaScript;
 * the route skips reloading data when only the view changes.
 */
export function ViewToggle({ params }: { params: SearchParams }) {
  const navigate = useNavigate();
  const option = (view: SearchParams['view'], label: string, icon: string) => {
    const active = params.view === view;
    return (
      <button
        type="submit"
        name="view"
        value={view}
        aria-pressed={active}
        aria-label={label}
        className={`flex h-11 w-11 items-center justify-center rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${
          active
            ? 'bg-emerald-800 text-white'
            : 'bg-white text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50'
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5">
          <path d={icon} />
        </svg>
      </button>
    );
  };
  return (
    <form
      method="get"
      action="/search"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const view = submitter?.value === 'list' ? 'list' : 'grid';
        navigate(searchHref({ ...params, view }), { replace: true, preventScrollReset: true });
      }}
    >
      {(['q', 'min_price', 'max_price', 'category_id', 'sort'] as const).map(
        (name) => params[name] && <input key={name} type="hidden" name={name} value={params[name]} />,
      )}
      {option('grid', 'Affichage en grille', 'M3 3h6v6H3V3Zm8 0h6v6h-6V3ZM3 11h6v6H3v-6Zm8 0h6v6h-6v-6Z')}
      {option(
        'list',
        'Affichage en liste',
        'M3 4h3v3H3V4Zm5 0h9v3H8V4ZM3 8.5h3v3H3v-3Zm5 0h9v3H8v-3ZM3 13h3v3H3v-3Zm5 0h9v3H8v-3Z',
      )}
    </form>
  );
}
