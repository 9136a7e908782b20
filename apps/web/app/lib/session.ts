import type { User } from '@souk/domain/auth';
import { useShopLayoutData } from './shop-layout-data';

/** The signed-in user, loaded once by the shop layout (null for a guest or outside the shop layout). */
export function useCurrentUser(): User | null {
  return useShopLayoutData()?.user ?? null;
}

/** Where the account entry points (header button, bottom-nav 'Profil') lead. */
export function accountLinkFor(user: User | null): { to: string; label: string } {
  if (!user) return { to: '/auth/login', label: 'Mon compte : se connecter' };
  if (user.role === 'admin') return { to: '/admin', label: `Administration (${user.name})` };
  return { to: '/profile', label: `Mon compte (${user.name})` };
}
