import type { User } from '@souk/domain/auth';
import { useShopLayoutData } from './shop-layout-data';

/** The signed-in user, loaded once by the shop layout (null for a guest or outside the shop layout). */
export function useCurrentUser(): User | null {
  return useShopLayoutData()?.user ?? null;
}

/**
 * Where a signed-in user belongs: an admin in the back office, a client in her account. The login,
 * the registrations, the account page and the shop's account links all lead there.
 */
export const homeOf = (user: Pick<User, 'role'>) => (user.role === 'admin' ? '/admin' : '/profile');

/** Where the account entry points (header button, bottom-nav 'Profil') lead. */
export function accountLinkFor(user: User | null): { to: string; label: string } {
  if (!user) return { to: '/auth/login', label: 'Mon compte : se connecter' };
  const label = user.role === 'admin' ? `Administration (${user.name})` : `Mon compte (${user.name})`;
  return { to: homeOf(user), label };
}
