import type { CategorySummary, ProductSummary } from '@souk/domain/catalog';
import { SEARCH_BLUR_CLOSE_MS, SEARCH_MIN_CHARS } from '@souk/domain/limits';
import { formatFcfa } from '@souk/domain/money';
import {
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { ArrowRightIcon, GridIcon, SearchIcon } from '~/components/ui/icons';
import { imageLoading, PLACEHOLDER_IMAGE } from '~/components/ui/responsive-image';
import { IMAGE_SLOTS } from '~/lib/image-sizing';
import {
  categorySuggestionPath,
  loadSearchCategories,
  prefetchProduct,
  useSearchSuggestions,
} from './use-search-suggestions';

type Option =
  | { kind: 'product'; key: string; product: ProductSummary }
  | { kind: 'category'; key: string; category: CategorySummary }
  | { kind: 'all'; key: string };

const PLACEHOLDER = 'Rechercher un produit ou une catégorie...';

/**
 * The search box as an ARIA combobox: suggestions after 2 characters (debounced), arrow keys
 * move through them, Enter opens the highlighted one or runs the full search, Escape closes.
 * Without JavaScript it is still a plain GET form to /search.
 */
export function SearchBox({
  inputRef,
  onClose,
  onNavigate,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  /** Escape: close the whole search (the header hides it and gives focus back to its toggle). */
  onClose: () => void;
  /** A suggestion or a search was chosen. */
  onNavigate: () => void;
}) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<number | undefined>(undefined);
  const { suggestions, loading } = useSearchSuggestions(query);
  const trimmed = query.trim();

  const options: Option[] = [
    ...suggestions.products.map((product) => ({ kind: 'product' as const, key: `p${product.id}`, product })),
    ...suggestions.categories.map((category) => ({
      kind: 'category' as const,
      key: `c${category.id}`,
      category,
    })),
    { kind: 'all' as const, key: 'all' },
  ];
  const expanded = open && trimmed.length >= SEARCH_MIN_CHARS;
  const optionId = (index: number) => `${id}-opt-${options[index]?.key}`;

  // A new list means the old highlight points at something else.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the suggestions change
  useEffect(() => setActive(-1), [suggestions]);
  useEffect(() => () => window.clearTimeout(blurTimer.current), []);
  // The box is mounted when the visitor opens the search: the input takes the focus then.
  useEffect(() => inputRef.current?.focus(), [inputRef]);

  const finish = () => {
    setQuery('');
    setOpen(false);
    onNavigate();
  };

  const runSearch = () => {
    if (!trimmed) return;
    navigate(`/search?q=${encodeURIComponent(trimmed)}`);
    finish();
  };

  const choose = (option: Option) => {
    if (option.kind === 'product') {
      prefetchProduct(option.product.id);
      navigate(`/products/${option.product.id}`);
      finish();
    } else if (option.kind === 'category') {
      navigate(categorySuggestionPath(option.category));
      finish();
    } else {
      runSearch();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    runSearch();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      onClose();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (trimmed.length < SEARCH_MIN_CHARS) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (current === -1) return step === 1 ? 0 : options.length - 1;
        return (current + step + options.length) % options.length;
      });
      return;
    }
    if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> wrapping a form is not yet understood by every screen reader in use here
    <form
      role="search"
      aria-label="Recherche dans la boutique"
      action="/search"
      method="get"
      onSubmit={onSubmit}
      className="relative"
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {PLACEHOLDER}
      </label>
      <div className="flex items-center gap-2 rounded-full border border-stone-300 bg-white py-1 pr-1 pl-4 shadow-sm focus-within:border-emerald-700 focus-within:ring-2 focus-within:ring-emerald-700/30">
        <SearchIcon className="h-5 w-5 shrink-0 text-stone-500" />
        <input
          ref={inputRef}
          id={`${id}-input`}
          name="q"
          type="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          placeholder={PLACEHOLDER}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            window.clearTimeout(blurTimer.current);
            setOpen(true);
            void loadSearchCategories();
          }}
          onBlur={() => {
            blurTimer.current = window.setTimeout(() => setOpen(false), SEARCH_BLUR_CLOSE_MS);
          }}
          onKeyDown={onKeyDown}
          // Plain outline here: the pill around it shows the focus ring.
          className="min-w-0 flex-1 bg-transparent py-1.5 text-base text-stone-900 placeholder:text-stone-500 focus-visible:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="submit"
          className="shrink-0 rounded-full bg-emerald-800 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-900"
        >
          Rechercher
        </button>
      </div>

      <p role="status" className="sr-only">
        {expanded && !loading
          ? `${suggestions.products.length + suggestions.categories.length} suggestions`
          : ''}
      </p>

      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions de recherche"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-stone-200 bg-white py-2 shadow-xl"
      >
        {suggestions.products.length > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox group, not a form fieldset
          <div role="group" aria-labelledby={`${id}-products`}>
            <div
              id={`${id}-products`}
              role="presentation"
              className="px-4 pt-1 pb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase"
            >
              Produits
            </div>
            {options.map((option, index) =>
              option.kind === 'product' ? (
                <SuggestionRow
                  key={option.key}
                  id={optionId(index)}
                  active={index === active}
                  onChoose={() => choose(option)}
                >
                  <img
                    src={option.product.image?.url ?? option.product.image_main ?? PLACEHOLDER_IMAGE}
                    // 40 px: the srcset's narrowest file (160), not the 640 one `url` names.
                    srcSet={option.product.image?.srcset}
                    sizes={option.product.image ? IMAGE_SLOTS.suggestion.sizes : undefined}
                    alt=""
                    width={40}
                    height={40}
                    {...imageLoading(false)}
                    className="h-10 w-10 shrink-0 rounded-lg bg-stone-100 object-cover"
                  />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-sm font-medium text-stone-900">{option.product.name}</span>
                    <span className="truncate text-xs text-stone-600">
                      {option.product.category?.name ?? 'Catégorie inconnue'}
                    </span>
                  </span>
                  <span className="shrink-0 text-sm font-semibold whitespace-nowrap text-emerald-800">
                    {formatFcfa(option.product.price)}
                  </span>
                </SuggestionRow>
              ) : null,
            )}
          </div>
        )}
        {suggestions.categories.length > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox group, not a form fieldset
          <div role="group" aria-labelledby={`${id}-categories`}>
            <div
              id={`${id}-categories`}
              role="presentation"
              className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase"
            >
              Catégories
            </div>
            {options.map((option, index) =>
              option.kind === 'category' ? (
                <SuggestionRow
                  key={option.key}
                  id={optionId(index)}
                  active={index === active}
                  onChoose={() => choose(option)}
                >
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-800">
                    <GridIcon />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-sm font-medium text-stone-900">
                      {option.category.name}
                    </span>
                    {option.category.description && (
                      <span className="truncate text-xs text-stone-600">{option.category.description}</span>
                    )}
                  </span>
                </SuggestionRow>
              ) : null,
            )}
          </div>
        )}
        {!loading && suggestions.products.length === 0 && suggestions.categories.length === 0 && (
          <p className="px-4 py-2 text-sm text-stone-600">Aucune suggestion pour « {trimmed} »</p>
        )}
        <div className="mt-1 border-t border-stone-100 pt-1">
          <SuggestionRow
            id={optionId(options.length - 1)}
            active={active === options.length - 1}
            onChoose={() => choose({ kind: 'all', key: 'all' })}
          >
            <span className="flex-1 text-sm font-semibold text-emerald-800">Voir tous les résultats</span>
            <ArrowRightIcon className="h-4 w-4 text-emerald-800" />
          </SuggestionRow>
        </div>
      </div>
    </form>
  );
}

function SuggestionRow({
  id,
  active,
  onChoose,
  children,
}: {
  id: string;
  active: boolean;
  onChoose: () => void;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection goes through the combobox input (aria-activedescendant)
    // biome-ignore lint/a11y/useFocusableInteractive: options stay unfocusable on purpose; focus remains in the input
    <div
      ref={ref}
      id={id}
      role="option"
      aria-selected={active}
      // Keeps focus in the input so the blur timer does not close the list before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      className={`flex cursor-pointer items-center gap-3 px-4 py-2 ${active ? 'bg-emerald-50 outline-2 -outline-offset-2 outline-emerald-700' : 'hover:bg-stone-50'}`}
    >
      {children}
    </div>
  );
}
