import { Link } from 'react-router';

/**
 * Full-page error used by route ErrorBoundaries: a title, an optional hint, 'Réessayer'
 * (reloads the page) and an optional way back.
 */
export function ErrorState({
  title,
  hint,
  retry = true,
  back,
  fullPage = false,
  children,
}: {
  title: string;
  hint?: string;
  retry?: boolean;
  back?: { to: string; label: string };
  /** Centred in the whole screen: the root's error page, drawn without the shop's header. */
  fullPage?: boolean;
  /** Shown under the actions (the root's error page: the stack, in development). */
  children?: React.ReactNode;
}) {
  return (
    <main
      id="main"
      className={`mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center ${
        fullPage ? 'min-h-dvh justify-center' : ''
      }`}
    >
      <span
        aria-hidden="true"
        className="flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-2xl text-amber-800"
      >
        !
      </span>
      <h1 className="text-xl font-semibold text-stone-900">{title}</h1>
      {hint && <p className="text-sm text-stone-600">{hint}</p>}
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {retry && (
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-full bg-emerald-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
          >
            Réessayer
          </button>
        )}
        {back && (
          <Link
            to={back.to}
            className="rounded-full border border-stone-300 bg-white px-5 py-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
          >
            {back.label}
          </Link>
        )}
      </div>
      {children}
    </main>
  );
}
