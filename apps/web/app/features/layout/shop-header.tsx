import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BagIcon, CloseIcon, SearchIcon, UserIcon } from '~/components/ui/icons';
import { accountLinkFor, useCurrentUser } from '~/lib/session';
import { LogoMark } from './logo';
import { cartLinkLabel, formatCartBadge } from './use-cart-count';

// The search box and its suggestions are fetched when the visitor first opens the search (or
// reaches for the toggle), never with the page: without JavaScript the toggle is a link to /search.
const loadSearchBox = () => import('./search-box');
const SearchBox = lazy(() => loadSearchBox().then((m) => ({ default: m.SearchBox })));

const iconButton =
  'relative inline-flex h-11 w-11 items-center justify-center rounded-full text-white transition hover:bg-white/10 focus-visible:outline-amber-300';

/** The shop header: logo, search toggle, cart link with its badge, user button. */
export function ShopHeader({ cartCount }: { cartCount: number }) {
  const [searchOpen, setSearchOpen] = useState(false);
  // Before hydration (slow phones) the toggle is a plain link to the search page, so a tap is never lost.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const location = useLocation();
  // The user button leads to /auth/login (guest), /admin (admin) or /profile (client).
  const user = useCurrentUser();
  const account = accountLinkFor(user);

  // A navigation (link, back button) hides the search; focus is left to the new page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => setSearchOpen(false), [location.pathname, location.search]);

  const closeSearch = () => {
    setSearchOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <header className="sticky top-0 z-40 bg-emerald-900 text-white shadow-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-4">
        <Link
          to="/"
          aria-label="Souk, accueil"
          className="mr-auto flex items-center gap-2 rounded-lg py-1 pr-2 focus-visible:outline-amber-300"
        >
          <LogoMark />
          <span className="font-serif text-2xl font-semibold tracking-wide">Souk</span>
        </Link>

        <nav aria-label="Menu principal" className="mr-4 hidden md:block">
          <ul className="flex items-center gap-1 text-sm font-medium">
            <li>
              <HeaderLink to="/" end>
                Accueil
              </HeaderLink>
            </li>
            <li>
              <HeaderLink to="/catalog">Catalogue</HeaderLink>
            </li>
          </ul>
        </nav>

        {hydrated ? (
          <button
            ref={toggleRef}
            type="button"
            aria-label={searchOpen ? 'Fermer la recherche' : 'Ouvrir la recherche'}
            aria-expanded={searchOpen}
            aria-controls="search-panel"
            onClick={() => (searchOpen ? closeSearch() : setSearchOpen(true))}
            onPointerDown={loadSearchBox}
            onFocus={loadSearchBox}
            className={iconButton}
          >
            {searchOpen ? <CloseIcon className="h-6 w-6" /> : <SearchIcon className="h-6 w-6" />}
          </button>
        ) : (
          <Link to="/search" aria-label="Ouvrir la recherche" className={iconButton}>
            <SearchIcon className="h-6 w-6" />
          </Link>
        )}

        <Link to="/cart" aria-label={cartLinkLabel(cartCount)} className={iconButton}>
          <BagIcon className="h-6 w-6" />
          {cartCount > 0 && (
            <span
              aria-hidden="true"
              className="absolute top-0.5 right-0 min-w-5 rounded-full bg-amber-400 px-1 text-center text-[11px] leading-5 font-bold text-stone-900"
            >
              {formatCartBadge(cartCount)}
            </span>
          )}
        </Link>

        <Link to={account.to} aria-label={account.label} className={iconButton}>
          <UserIcon className="h-6 w-6" />
          {user && (
            <span
              aria-hidden="true"
              className="absolute right-1.5 bottom-1.5 h-2.5 w-2.5 rounded-full bg-amber-400 ring-2 ring-emerald-900"
            />
          )}
        </Link>
      </div>

      <div
        id="search-panel"
        hidden={!searchOpen}
        className="border-t border-emerald-800 bg-emerald-900 px-3 pt-1 pb-3 sm:px-4"
      >
        <div className="mx-auto max-w-2xl">
          {searchOpen && (
            <Suspense fallback={<SearchBoxPlaceholder />}>
              <SearchBox inputRef={inputRef} onClose={closeSearch} onNavigate={() => setSearchOpen(false)} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}

/** The box's outline while its code arrives, so that the panel does not jump. */
function SearchBoxPlaceholder() {
  return (
    <div
      role="status"
      aria-label="Chargement de la recherche…"
      className="h-[2.875rem] rounded-full border border-stone-300 bg-white shadow-sm"
    />
  );
}

function HeaderLink({ to, end, children }: { to: string; end?: boolean; children: React.ReactNode }) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        `rounded-full px-3 py-2 transition focus-visible:outline-amber-300 ${isActive ? 'bg-white/15 text-white' : 'text-emerald-50 hover:bg-white/10'}`
      }
    >
      {children}
    </NavLink>
  );
}
