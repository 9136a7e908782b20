import type { User } from '@souk/domain/auth';
import { useRouteLoaderData } from 'react-router';
import type { loader } from '~/routes/shop-layout';

/** Route id React Router gives app/routes/shop-layout.tsx (its file path without the extension). */
const SHOP_LAYOUT_ROUTE_ID = 'routes/shop-layout';

/** The signed-in user, loaded once by the shop layout (null for a guest or outside the shop layout). */
export function useCurrentUser(): User | null {
  const data = useRouteLoaderData<typeof loader>(SHOP_LAYOUT_ROUTE_ID);
  return data?.user ?? null;
}

/** Where the account entry points (header button, bottom-nav 'Profil') lead, per spec §2. */
export function accountLinkFor(user: User | null): { to: string; label: string } {
  if (!user) return { to: '/auth/login', label: 'Mon compte : se connecter' };
  if (user.role === 'admin') return { to: '/admin', label: `Administration (${user.name})` };
  return { to: '/profile', label: `Mon compte (${user.name})` };
}
