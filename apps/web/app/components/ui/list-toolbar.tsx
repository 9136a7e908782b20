import { SEARCH_MAX_LENGTH } from '@souk/domain/limits';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { type ButtonSize, buttonClass } from './button';
import { SearchIcon } from './icons';

// The pieces of a list screen's toolbar (the back office's lists): a GET form whose fields are the
// URL's, so the state survives a reload and the back button, and works before the script loads.

/** The search words, with a visually hidden label and a magnifier (lists, the admin header). */
export function SearchBox({
  id,
  label,
  defaultValue,
  name = 'search',
  required = false,
  placeholder = `${label}…`,
}: {
  id: string;
  /** Read out as the label, and shown as the placeholder unless another is given. */
  label: string;
  defaultValue: string;
  name?: string;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-stone-500" />
      <input
        id={id}
        type="search"
        name={name}
        required={required}
        maxLength={SEARCH_MAX_LENGTH}
        defaultValue={defaultValue}
        placeholder={placeholder}
        className="block h-11 w-full rounded-full border border-stone-300 bg-white pr-4 pl-10 text-base text-stone-900 placeholder:text-stone-500"
      />
    </div>
  );
}

/**
 * Filters as links in sight (the statuses of a list): the current one marked. `hrefFor` keeps
 * the rest of the list's state and starts again at page 1.
 */
export function FilterLinks<V extends string>({
  label,
  choices,
  current,
  hrefFor,
}: {
  /** What the group is, read out with it ('Statut des clients'). */
  label: string;
  choices: readonly { value: V; label: string }[];
  current: V;
  hrefFor: (value: V) => string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      <ChoiceLinks choices={choices} current={current} hrefFor={hrefFor} size="sm" />
    </nav>
  );
}

/** Choices as links, the current one marked (aria-current) and filled, the list's place kept. */
function ChoiceLinks<V extends string>({
  choices,
  current,
  hrefFor,
  size,
}: {
  choices: readonly { value: V; label: string }[];
  current: V;
  hrefFor: (value: V) => string;
  size: ButtonSize;
}) {
  return choices.map(({ value, label }) => (
    <Link
      key={value}
      to={hrefFor(value)}
      preventScrollReset
      aria-current={current === value ? 'true' : undefined}
      className={buttonClass(current === value ? 'primary' : 'secondary', size)}
    >
      {label}
    </Link>
  ));
}

/** How the list is laid out (grid, list, table): links, the current one marked. */
function ViewToggle<V extends string>({
  views,
  current,
  hrefFor,
}: {
  views: readonly { value: V; label: string }[];
  current: V;
  hrefFor: (view: V) => string;
}) {
  return (
    <fieldset className="flex gap-1">
      <legend className="sr-only">Affichage</legend>
      <ChoiceLinks choices={views} current={current} hrefFor={hrefFor} size="md" />
    </fieldset>
  );
}

/**
 * A list's toolbar: the search box, 'Rechercher' and the layout toggle, the filters always in sight
 * (`quick`), then the collapsible panel of filters and sort (`children`, open when any is set)
 * with 'Appliquer' and the link that clears them. Any change goes through the form, whose fields
 * carry no page: the list starts again at 1.
 */
export function ListToolbar<V extends string>({
  state,
  search,
  quick,
  views,
  hidden,
  filtersOpen,
  panelTitle = 'Filtres et tri',
  clear,
  children,
}: {
  /** The list's state as the URL has it: when it changes (Back, a link), the fields are refilled. */
  state: string;
  search: { id: string; label: string; value: string; placeholder?: string };
  /** Filters always in sight under the search, not folded in the panel (the orders' status and period). */
  quick?: ReactNode;
  /** The layout toggle, for a list shown more than one way. */
  views?: { choices: readonly { value: V; label: string }[]; current: V; hrefFor: (view: V) => string };
  /** Values the form carries along unseen (the layout). */
  hidden: Record<string, string | undefined>;
  filtersOpen: boolean;
  /** What the collapsible panel is called ('Filtres avancés' where nothing is sorted). */
  panelTitle?: string;
  clear: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Form
      key={state}
      method="get"
      role="search"
      // Told apart from the header's search in the landmarks list.
      aria-label="Filtrer la liste"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm"
    >
      {Object.entries(hidden).map(
        ([name, value]) =>
          value !== undefined && <input key={name} type="hidden" name={name} value={value} />,
      )}
      <div className="flex flex-wrap gap-2">
        <SearchBox
          id={search.id}
          label={search.label}
          defaultValue={search.value}
          placeholder={search.placeholder}
        />
        <button type="submit" className={buttonClass('primary', 'md')}>
          Rechercher
        </button>
        {views && <ViewToggle views={views.choices} current={views.current} hrefFor={views.hrefFor} />}
      </div>
      {quick && <div className="flex flex-wrap items-end gap-3">{quick}</div>}
      <details open={filtersOpen} className="rounded-xl border border-stone-200">
        <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-stone-800">
          {panelTitle}
        </summary>
        <div className="flex flex-wrap items-end gap-4 border-t border-stone-200 p-3">
          {children}
          <button type="submit" className={buttonClass('secondary', 'md')}>
            Appliquer
          </button>
          <Link to={clear.to} className={buttonClass('ghost', 'md')}>
            {clear.label}
          </Link>
        </div>
      </details>
    </Form>
  );
}

/** One choice among a few (a status), as radio buttons. */
export function RadioChoices<V extends string>({
  legend,
  name,
  choices,
  defaultValue,
}: {
  legend: string;
  name: string;
  choices: readonly { value: V; label: string }[];
  defaultValue: V;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="text-sm font-semibold text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {choices.map(({ value, label }) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
            <input
              type="radio"
              name={name}
              value={value}
              defaultChecked={defaultValue === value}
              className="h-4 w-4 accent-emerald-800"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A compact label over its control: the filter panel's fields. */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex max-w-full min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      {children}
    </div>
  );
}

const controlClass =
  'h-11 max-w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900';

/** A compact labelled select of the filter panel (options or optgroups as children). */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  children,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  children: ReactNode;
}) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={defaultValue} className={controlClass}>
        {children}
      </select>
    </FilterField>
  );
}

/** A compact labelled input of the filter panel: a day (the phone's date picker) or a whole amount. */
export function FilterInput({
  id,
  name,
  label,
  type,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  /** 'amount': FCFA as the shop writes them ('3 500', '3.500'): text with the digit pad, since a number field drops a space. */
  type: 'date' | 'amount';
  defaultValue: string;
}) {
  return (
    <FilterField id={id} label={label}>
      <input
        id={id}
        name={name}
        type={type === 'amount' ? 'text' : type}
        defaultValue={defaultValue}
        {...(type === 'amount' ? { inputMode: 'numeric', placeholder: 'Ex. : 3 500' } : {})}
        className={controlClass}
      />
    </FilterField>
  );
}
