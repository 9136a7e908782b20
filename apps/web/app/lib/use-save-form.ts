import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { type ActionOutcome, useOutcomeToast } from './action-outcome';
import { useFormErrors, type Validator } from './use-form-errors';

/**
 * A dialog's create/edit form, posted with its `intent` ('save' unless told) through the fetcher
 * `key`: the schema's checks and the action's field errors (useFormErrors), the success toast, and
 * `onSaved` once the answer is in (the list has already reloaded with it).
 */
export function useSaveForm(key: string, schema: Validator, onSaved: () => void, intent = 'save') {
  const fetcher = useFetcher<ActionOutcome>({ key });
  // A keyed fetcher keeps its last answer: the form opened again must not take the previous save
  // (or refusal) for its own and close at once.
  const before = useRef(fetcher.data);
  const outcome =
    fetcher.data !== before.current && fetcher.data?.intent === intent ? fetcher.data : undefined;
  const failure = outcome && !outcome.ok ? outcome.failure : undefined;
  // The back office's screens load zod with their own code: the schema is already here.
  const form = useFormErrors(() => Promise.resolve(schema), failure);
  useOutcomeToast(outcome, () => true);

  useEffect(() => {
    if (fetcher.state === 'idle' && outcome?.ok) onSaved();
  }, [fetcher.state, outcome, onSaved]);

  return { ...form, Form: fetcher.Form, pending: fetcher.state !== 'idle' };
}
