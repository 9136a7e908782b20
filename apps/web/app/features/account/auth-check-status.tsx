import { useNavigation } from 'react-router';
import { AUTH_CHECKING } from '~/components/ui/auth-checking';

/** Pages whose loader checks the session before they show (the protected routes; the back office). */
const PROTECTED_PATHS = ['/profile', '/order-success'];
const isProtected = (path: string) =>
  PROTECTED_PATHS.includes(path) || path === '/admin' || path.startsWith('/admin/');

/** 'Vérification de l'authentification...' while a navigation to a protected page waits for its loader. */
export function AuthCheckStatus() {
  const navigation = useNavigation();
  const checking =
    navigation.state === 'loading' &&
    isProtected(navigation.location.pathname) &&
    // Moving between tabs of the same page is not a new check.
    typeof window !== 'undefined' &&
    window.location.pathname !== navigation.location.pathname;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-16 z-50 flex justify-center px-4">
      {checking && (
        <p className="mt-3 flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-stone-800 shadow-lg ring-1 ring-stone-200">
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-emerald-200 border-t-emerald-800 motion-reduce:animate-none"
          />
          {AUTH_CHECKING}
        </p>
      )}
    </div>
  );
}
