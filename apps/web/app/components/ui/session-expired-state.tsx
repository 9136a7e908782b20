import { ErrorState } from './error-state';

// The back office's load failure and expired session.
export const LOAD_ERROR_TITLE = 'Erreur de chargement';
export const SESSION_EXPIRED_HINT = 'Session expirée. Veuillez vous reconnecter.';

/** An expired session: its message and 'Se reconnecter', back to `from` once logged in. */
export function SessionExpiredState({ from = '/admin' }: { from?: string }) {
  return (
    <ErrorState
      title={LOAD_ERROR_TITLE}
      hint={SESSION_EXPIRED_HINT}
      retry={false}
      back={{ to: `/auth/login?${new URLSearchParams({ redirectTo: from })}`, label: 'Se reconnecter' }}
    />
  );
}
