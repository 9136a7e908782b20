import type { WhatsappInbox } from '@souk/domain/whatsapp';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { AUTH_CHECKING } from '~/components/ui/auth-checking';
import { CloseIcon } from '~/components/ui/icons';
import { SearchBox } from '~/components/ui/list-toolbar';
import { LogoutButton } from '~/components/ui/logout-button';
import { ToastRegion } from '~/components/ui/toast';
import { AdminBell } from './admin-bell';
import { LogoutIcon, MenuIcon } from './admin-icons';
import { AdminNav } from './admin-nav';
import { useLiveUpdates } from './use-live-updates';

const LOGIN = '/auth/login';

/** 'Se déconnecter', back to the login page: in the side menu and in the header, each with its look. */
function Logout({ className }: { className: string }) {
  return (
    <LogoutButton redirectTo={LOGIN} className={className}>
      <LogoutIcon className="h-5 w-5" />
      Se déconnecter
    </LogoutButton>
  );
}

function Brand() {
  return (
    <Link to="/admin" className="flex items-center gap-2 rounded-lg px-2 py-1 text-white">
      <span className="font-serif text-2xl font-semibold tracking-wide">Souk</span>
      <span className="rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-emerald-950">Admin</span>
    </Link>
  );
}

function SideContent({ userName, onNavigate }: { userName: string; onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <Brand />
      <AdminNav onNavigate={onNavigate} />
      <div className="mt-auto flex flex-col gap-2 border-t border-white/15 pt-4 text-sm text-emerald-50">
        <p>
          Connecté en tant que <span className="font-semibold text-white">{userName}</span>
        </p>
        <Link to="/" className="rounded-lg underline-offset-2 hover:underline">
          Voir la boutique
        </Link>
        <Logout className="flex min-h-11 w-full items-center gap-3 rounded-xl px-3 py-2 font-semibold text-white hover:bg-white/10" />
      </div>
    </div>
  );
}

/**
 * The menu as a drawer on small screens: a native modal <dialog> (focus trapped, Escape closes,
 * the page behind inert), opened by the header's 'Menu' button, closed by any link it holds.
 */
function MenuDrawer({ open, onClose, userName }: { open: boolean; onClose: () => void; userName: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // A tap on the backdrop (the dialog element itself, outside its panel) closes it; keyboards have
  // Escape and the 'Fermer le menu' button.
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop is not a control; Escape closes
    <dialog
      ref={ref}
      id="admin-menu"
      aria-label="Menu de l'administration"
      onClose={onClose}
      onClick={(event) => event.target === ref.current && onClose()}
      className="m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-emerald-900 p-0 backdrop:bg-stone-950/50"
    >
      <div className="relative h-full">
        <button
          type="button"
          onClick={onClose}
          aria-label="Fermer le menu"
          className="absolute top-3 right-3 inline-flex h-11 w-11 items-center justify-center rounded-full text-white hover:bg-white/10"
        >
          <CloseIcon className="h-6 w-6" />
        </button>
        <SideContent userName={userName} onNavigate={onClose} />
      </div>
    </dialog>
  );
}

/** The header's search: a plain GET form (works before hydration) to the results page. */
function AdminSearch() {
  const location = useLocation();
  const current = location.pathname === '/admin/search' ? new URLSearchParams(location.search).get('q') : '';
  return (
    <Form method="get" action="/admin/search" role="search" className="flex min-w-0 flex-1 sm:max-w-md">
      <SearchBox
        key={current ?? ''}
        id="admin-search"
        name="q"
        required
        label="Rechercher des produits, des catégories, des commandes ou des clients"
        placeholder="Rechercher…"
        defaultValue={current ?? ''}
      />
    </Form>
  );
}

/** The back office's frame: side menu (a drawer on phones), search, bell, logout; kept current while open. */
export function AdminShell({
  userName,
  pendingOrders,
  whatsappInbox,
  whatsappOutage,
  readAt,
  children,
}: {
  userName: string;
  /** When the page's data was read (the server's clock, ms): the live updates follow from then. */
  readAt: number;
  pendingOrders: number;
  /** The customers' WhatsApp messages not yet read; null without the Cloud API. */
  whatsappInbox: WhatsappInbox | null;
  /** Why the shop's automatic WhatsApp messages cannot leave (a refused token); null while they can. */
  whatsappOutage: string | null;
  children: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  // The bell, the cards and the counters follow changes made elsewhere while the page is open
  // (its state on the header: what a journey waits for before it changes something elsewhere).
  const live = useLiveUpdates(readAt);
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  return (
    <div className="min-h-dvh bg-stone-50 lg:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white font-semibold text-emerald-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2"
      >
        Aller au contenu
      </a>
      {/* The green runs the page's full height; the menu itself stays in view as the page scrolls. */}
      <aside className="hidden w-64 shrink-0 bg-emerald-900 lg:block">
        <div className="sticky top-0 h-dvh">
          <SideContent userName={userName} />
        </div>
      </aside>
      <MenuDrawer open={menuOpen} onClose={() => setMenuOpen(false)} userName={userName} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header
          data-live={live}
          className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-stone-200 bg-white px-3 sm:px-6"
        >
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-label="Menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100 lg:hidden"
          >
            <MenuIcon className="h-6 w-6" />
          </button>
          <AdminSearch />
          <div className="ml-auto flex items-center gap-1">
            <AdminBell pendingOrders={pendingOrders} inbox={whatsappInbox} />
            <Logout className="hidden min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-stone-800 hover:bg-stone-100 sm:inline-flex" />
          </div>
        </header>
        {/* Each back-office page checks the session again on the server before it shows
            ('Vérification de l'authentification...' while it does). */}
        <div role="status" className="pointer-events-none sticky top-16 z-20 h-1">
          {loading && (
            <>
              <div className="h-1 w-full animate-pulse bg-emerald-700" />
              <p className="mx-auto mt-2 w-fit rounded-full bg-white px-4 py-2 text-sm font-medium text-stone-800 shadow-lg ring-1 ring-stone-200">
                {AUTH_CHECKING}
              </p>
            </>
          )}
        </div>
        {whatsappOutage && (
          <p
            role="alert"
            className="border-b border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 sm:px-6"
          >
            Les messages WhatsApp automatiques sont en panne : {whatsappOutage}. Les boutons WhatsApp des
            commandes restent là pour écrire à la main ; remplacez le jeton (WHATSAPP_ACCESS_TOKEN) et
            redémarrez la boutique.
          </p>
        )}
        <div aria-busy={loading} className="flex min-w-0 flex-1 flex-col">
          {children}
        </div>
        {/* The back office's outcomes (saved, deleted, refused): its pages only, so the storefront
            never loads the toasts' code. */}
        <ToastRegion />
      </div>
    </div>
  );
}
