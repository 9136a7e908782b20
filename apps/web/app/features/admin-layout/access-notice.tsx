import { REDIRECT_DELAY_MS } from '@souk/domain/admin-limits';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useNavigate } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import type { AccessNotice } from '~/lib/admin-access.server';

/** The notice a refused visitor is shown (lib/admin-access.server.ts throws it), or null. */
export function noticeOf(error: unknown): AccessNotice | null {
  if (!isRouteErrorResponse(error)) return null;
  const notice = (error.data as { notice?: AccessNotice } | null)?.notice;
  return notice && typeof notice.message === 'string' && typeof notice.to === 'string' ? notice : null;
}

/**
 * Why the visitor cannot see this back-office page, before going elsewhere (after
 * 2 s). A timer navigates once the page's script runs; without JavaScript, a refresh <meta> does.
 * It sits in <noscript>: a browser running scripts never sees it, so it neither navigates twice
 * nor trips axe's meta-refresh rule (a timed refresh fails WCAG 2.2.1 for everyone else). The
 * link goes at once.
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
      <noscript>
        <meta httpEquiv="refresh" content={`${REDIRECT_DELAY_MS / 1000};url=${notice.to}`} />
      </noscript>
      <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
        <h1 className="text-lg font-semibold">{notice.message}</h1>
      </div>
      <Link to={notice.to} replace className={buttonClass('primary', 'md')}>
        {toLogin ? 'Aller à la page de connexion' : "Aller à l'accueil"}
      </Link>
    </main>
  );
}
