import type { ReactNode } from 'react';
import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { AccessNoticePage, noticeOf } from './access-notice';

/** Every back-office screen's frame: its title (the page's one h1), header actions, then content. */
export function AdminPage({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-3 py-6 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-serif text-2xl font-bold text-stone-900 sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-stone-600">{subtitle}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </main>
  );
}

/** A back-office screen that could not load: its own title, the API's reason, 'Réessayer'. */
export function AdminLoadError({ title, error }: { title: string; error: unknown }) {
  // A write the session or the role no longer allows, on a page that says why (its notice).
  const notice = noticeOf(error);
  if (notice) return <AccessNoticePage notice={notice} />;
  const { message } = routeErrorInfo(error, 'Une erreur est survenue');
  return <ErrorState title={title} hint={message} back={{ to: '/admin', label: 'Tableau de bord' }} />;
}
