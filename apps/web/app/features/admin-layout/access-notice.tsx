import { REDIRECT_DELAY_MS } from '@souk/domain/admin-limits';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import type { AccessNotice } from '~/lib/session.server';

/**
 * Why the visitor cannot see this back-office page, before going elsewhere (spec §6, §8: after
 * 2 s). A timer navigates once the page's script runs; the refresh <meta> (React places it in the
 * head) does it without JavaScript; the link goes at once.
 */
export function AccessNoticePage({ notice }: { notice: AccessNotice }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(notice.to, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, notice.to]);
  const toLogin = notice.to.startsWith('/auth/login');
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <meta httpEquiv="refresh" content={`${REDIRECT_DELAY_MS / 1000};url=${notice.to}`} />
      <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
        <h1 className="text-lg font-semibold">{notice.message}</h1>
      </div>
      <Link to={notice.to} replace className={buttonClass('primary', 'md')}>
        {toLogin ? 'Aller à la page de connexion' : "Aller à l'accueil"}
      </Link>
    </main>
  );
}
