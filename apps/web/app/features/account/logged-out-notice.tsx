import { NOTIFICATION_MS } from '@souk/domain/limits';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * 'Déconnexion réussie' after the logout action sent the visitor home with ?loggedOut=1.
 * Lives in the shop layout so any page can receive it; hides itself after the notification delay.
 */
export function LoggedOutNotice() {
  const [params, setParams] = useSearchParams();
  // Read by pages the response cache keeps: listed in lib/page-cache.server.ts.
  const shown = params.get('loggedOut') === '1';

  const dismiss = () =>
    setParams(
      (current) => {
        current.delete('loggedOut');
        return current;
      },
      { replace: true, preventScrollReset: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts only when the notice appears
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(dismiss, NOTIFICATION_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);

  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      {shown && (
        <div className="pointer-events-auto flex items-center gap-3 rounded-full bg-stone-900 py-2 pr-2 pl-4 text-sm font-medium text-white shadow-lg">
          <span aria-hidden="true" className="text-emerald-300">
            ✓
          </span>
          Déconnexion réussie
          <button
            type="button"
            onClick={dismiss}
            aria-label="Fermer le message"
            className="flex h-8 w-8 items-center justify-center rounded-full text-stone-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-amber-300"
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      )}
    </div>
  );
}
