import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { showToast } from '~/components/ui/toast';
import type { FormFailure } from './form-failure';

/** What a back-office action answers its page: the outcome of one intent (save, toggle, delete…). */
export type ActionOutcome =
  | {
      intent: string;
      ok: true;
      message: string;
      id?: number;
      /** What the page shows of the API's answer besides the toast (a new account's password link). */
      details?: Record<string, string>;
    }
  | { intent: string; ok: false; failure: FormFailure };

/**
 * Shows each new outcome as a toast (5 s): a success always; a refusal only when no form
 * shows it under its fields (`inForm` tells which intents have a form on screen).
 */
export function useOutcomeToast(
  outcome: ActionOutcome | undefined,
  inForm: (intent: string) => boolean = () => false,
) {
  // An answer already there when the component mounts (a keyed fetcher's last one) was shown then.
  const shown = useRef<ActionOutcome | undefined>(outcome);
  useEffect(() => {
    if (!outcome || outcome === shown.current) return;
    shown.current = outcome;
    if (outcome.ok) showToast({ message: outcome.message, tone: 'success' });
    else if (!inForm(outcome.intent))
      showToast({
        message:
          outcome.failure.message ??
          Object.values(outcome.failure.errors ?? {})[0] ??
          'Une erreur est survenue',
        tone: 'error',
      });
  }, [outcome, inForm]);
}

/**
 * An action that waits for a yes (a delete): `ask(target)` opens the question, `confirm` posts
 * `fields(target)` to the page's action through the fetcher `key`, and the outcome is toasted.
 */
export function useConfirmedAction<T>(key: string, fields: (target: T) => Record<string, string>) {
  const fetcher = useFetcher<ActionOutcome>({ key });
  const [target, setTarget] = useState<T | null>(null);
  useOutcomeToast(fetcher.data);
  const confirm = () => {
    if (target === null) return;
    fetcher.submit(fields(target), { method: 'post' });
    setTarget(null);
  };
  return {
    target,
    ask: (next: T) => setTarget(() => next),
    cancel: () => setTarget(null),
    confirm,
    pending: fetcher.state !== 'idle',
  };
}
