import { type FormEvent, useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { useForm, type Validator } from '~/lib/use-form';
import type { OrderOutcome } from './use-status-changes';

/**
 * A dialog's form on one of the screen's shared fetchers (`key`): the API's own `schema` checks it
 * before it goes, the action's field errors come back under their fields (focus on the first), and
 * the dialog closes once its form is answered yes. Only the answer to a send from this opening of
 * the dialog counts: the keyed fetcher keeps its last one, which may be another form's. `onSend`
 * runs when the form does go (not when a check holds it back).
 */
export function useDialogForm({
  key,
  schema,
  open,
  onClose,
  onSend,
}: {
  key: string;
  schema: Validator;
  open: boolean;
  onClose: () => void;
  onSend?: () => void;
}) {
  const fetcher = useFetcher<OrderOutcome>({ key });
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (open) setSent(false);
  }, [open]);
  const answer = sent && fetcher.state === 'idle' ? fetcher.data : undefined;
  const form = useForm(() => Promise.resolve(schema), answer && !answer.ok ? answer.failure : undefined);
  useEffect(() => {
    if (open && answer?.ok) onClose();
  }, [open, answer, onClose]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    setSent(true);
    onSend?.();
  };
  return {
    Form: fetcher.Form,
    errors: form.errors,
    pending: sent && fetcher.state !== 'idle',
    formProps: { ...form.formProps, onSubmit },
  };
}
