import { isRouteErrorResponse } from 'react-router';
import { ErrorState } from './error-state-view';

const UNEXPECTED = "Une erreur inattendue s'est produite. Veuillez réessayer.";
const NOT_FOUND = "La page que vous cherchez n'existe pas ou a été déplacée.";

/** Last-resort error page for anything a route's own boundary did not catch. */
export function RootErrorPage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // What the server said, when it said something (routeErrorInfo's reading, not imported: that
  // module is in every page's first load, and this chunk would then list it to preload).
  const said = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | null)?.message : null;
  // In development, a crash says what it was and where.
  const crash = import.meta.env.DEV && error instanceof Error ? error : null;
  return (
    <ErrorState
      title={notFound ? 'Page introuvable' : 'Erreur de chargement'}
      hint={crash?.message ?? (typeof said === 'string' ? said : notFound ? NOT_FOUND : UNEXPECTED)}
      back={{ to: '/', label: 'Retour à l’accueil' }}
      fullPage
    >
      {crash?.stack && (
        <pre className="mt-4 max-w-full overflow-auto rounded-lg bg-stone-100 p-3 text-left text-xs text-stone-700">
          {crash.stack}
        </pre>
      )}
    </ErrorState>
  );
}
