import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { BagIcon, GridIcon, HomeIcon, UserIcon } from '~/components/ui/icons';
import { accountLinkFor, useCurrentUser } from '~/lib/session';
import { cartLinkLabel, formatCartBadge } from './use-cart-count';

/** Height the page reserves at the bottom on small screens so this bar never hides content. */
export const BOTTOM_NAV_SPACE = 'pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0';

/** The mobile bottom navigation: four tabs, hidden from md up; the active one carries aria-current. */
export function BottomNav({ cartCount }: { cartCount: number }) {
  const user = useCurrentUser();
  const account = accountLinkFor(user);
  return (
    <nav
      aria-label="Navigation mobile"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_12px_rgba(0,0,0,0.06)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-4">
        <Tab to="/" end label="Accueil" icon={<HomeIcon className="h-6 w-6" />} />
        <Tab to="/catalog" label="Catalogue" icon={<GridIcon className="h-6 w-6" />} />
        <Tab
          to="/cart"
          label="Panier"
          ariaLabel={cartLinkLabel(cartCount)}
          icon={
            <span className="relative">
              <BagIcon className="h-6 w-6" />
              {cartCount > 0 && (
                <span
                  aria-hidden="true"
                  className="absolute -top-1.5 -right-3 min-w-5 rounded-full bg-amber-500 px-1 text-center text-[11px] leading-5 font-bold text-stone-900"
                >
                  {formatCartBadge(cartCount)}
                </span>
              )}
            </span>
          }
        />
        {/* Profil: guests go to the login page, admins to /admin, clients to /profile. */}
        <Tab
          to={account.to}
          label="Profil"
          ariaLabel={user ? `Profil (${user.name})` : undefined}
          icon={<UserIcon className="h-6 w-6" />}
        />
      </ul>
    </nav>
  );
}

function Tab({
  to,
  end,
  label,
  ariaLabel,
  icon,
}: {
  to: string;
  end?: boolean;
  label: string;
  ariaLabel?: string;
  icon: ReactNode;
}) {
  return (
    <li>
      <NavLink
        to={to}
        end={end}
        aria-label={ariaLabel}
        className={({ isActive }) =>
          `flex h-full flex-col items-center justify-center gap-0.5 text-xs font-medium transition ${
            isActive ? 'text-emerald-800' : 'text-stone-600 hover:text-stone-900'
          }`
        }
      >
        {({ isActive }) => (
          <>
            <span
              className={`flex h-7 w-12 items-center justify-center rounded-full ${isActive ? 'bg-emerald-100' : ''}`}
            >
              {icon}
            </span>
            {label}
          </>
        )}
      </NavLink>
    </li>
  );
}
