import { LOGGED_OUT } from '@souk/domain/account-messages';
import { NOTIFICATION_MS } from '@souk/domain/limits';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** The notice itself: hides itself after the notification delay, or when closed. */
export function LoggedOutMessage() {
  const [, setParams] = useSearchParams();

  const dismiss = () =>
    setParams(
      (current) => {
        current.delete('loggedOut');
        return current;
      },
      { replace: true, preventScrollReset: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once, when the notice appears
  useEffect(() => {
    const timer = window.setTimeout(dismiss, NOTIFICATION_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className="pointer-events-auto flex items-center gap-3 rounded-full bg-stone-900 py-2 pr-2 pl-4 text-sm font-medium text-white shadow-lg">
      <span aria-hidden="true" className="text-emerald-300">
        ✓
      </span>
      {LOGGED_OUT}
      <button
        type="button"
        onClick={dismiss}
        aria-label="Fermer le message"
        className="flex h-8 w-8 items-center justify-center rounded-full text-stone-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-amber-300"
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}
