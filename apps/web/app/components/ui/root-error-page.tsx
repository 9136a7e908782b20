import { isRouteErrorResponse, Link } from 'react-router';

/** Last-resort error page for anything a route's own boundary did not catch. */
export function RootErrorPage({ error }: { error: unknown }) {
  let title = 'Erreur de chargement';
  let message = "Une erreur inattendue s'est produite. Veuillez réessayer.";
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    const body = error.data as { message?: unknown } | string | null;
    const serverMessage =
      typeof body === 'object' && body && typeof body.message === 'string' ? body.message : null;
    if (error.status === 404) {
      title = 'Page introuvable';
      message = serverMessage ?? "La page que vous cherchez n'existe pas ou a été déplacée.";
    } else if (serverMessage) {
      message = serverMessage;
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
    stack = error.stack;
  }
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <span
        aria-hidden="true"
        className="flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-2xl font-bold text-amber-800"
      >
        !
      </span>
      <h1 className="font-serif text-2xl font-bold text-stone-900">{title}</h1>
      <p className="text-stone-700">{message}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-emerald-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-900"
        >
          Réessayer
        </button>
        <Link
          to="/"
          className="rounded-full border border-stone-300 bg-white px-5 py-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-50"
        >
          Retour à l’accueil
        </Link>
      </div>
      {stack && (
        <pre className="mt-4 max-w-full overflow-auto rounded-lg bg-stone-100 p-3 text-left text-xs text-stone-700">
          {stack}
        </pre>
      )}
    </main>
  );
}
