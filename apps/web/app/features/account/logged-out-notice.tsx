import { useSearchParams } from 'react-router';
import { island } from '~/lib/island';

const LoggedOutMessage = island(() => import('./logged-out-message').then((m) => m.LoggedOutMessage), 'idle');

/**
 * 'Déconnexion réussie' after the logout action sent the visitor home with ?loggedOut=1.
 * Lives in the shop layout so any page can receive it; the live region is always there, the
 * notice's code only comes with the notice.
 */
export function LoggedOutNotice() {
  const [params] = useSearchParams();
  // Read by pages the response cache keeps: listed in lib/page-cache.server.ts.
  const shown = params.get('loggedOut') === '1';
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      {shown && <LoggedOutMessage />}
    </div>
  );
}
