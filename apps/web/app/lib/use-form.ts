import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useFetcher, useNavigation } from 'react-router';
import { showToast } from '~/components/ui/toast';
import { type ActionOutcome, type FormFailure, failureOf } from './form-action';

// The page side of the one way to submit a form (lib/form-action.ts, docs/decisions/0032): the
// domain's schema checks the form before it goes, the action's field errors come back under their
// fields, and outcomes are toasted.

/** The part of a zod schema this hook uses (the web app does not import zod itself). */
export type Validator = {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
};

/**
 * Client-side checks with the domain schema before a form goes to its action, merged with what the
 * action answered. After a refused submit, focus moves to the first invalid field, or to the banner.
 *
 * The schema comes with zod, tens of kilobytes a page does not need to show: `loadSchema` imports it
 * when the visitor first touches the form (docs/decisions/0028). A submit before it has come waits
 * for it, then goes on. Without JavaScript, the API checks the same schema when the action sends the form.
 */
export function useForm(loadSchema: () => Promise<Validator>, server: FormFailure | undefined) {
  const schema = useRef<Validator | null>(null);
  const loading = useRef<Promise<Validator> | null>(null);
  // The checks could not be fetched (a dropped connection): this submit goes without them, to the
  // action, which checks the same schema; the next one tries to fetch them again.
  const unchecked = useRef(false);
  const load = () => {
    loading.current ??= loadSchema().then(
      (loaded) => {
        schema.current = loaded;
        return loaded;
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  };
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>(server?.errors ?? {});
  const [message, setMessage] = useState<string | undefined>(server?.message);
  const [focusRequest, setFocusRequest] = useState(0);

  // A new answer from the action replaces what the page shows.
  useEffect(() => {
    if (!server) return;
    setErrors(server.errors ?? {});
    setMessage(server.message);
    setFocusRequest((n) => n + 1);
  }, [server]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? bannerRef.current)?.focus();
  }, [focusRequest]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (unchecked.current) {
      unchecked.current = false;
      return;
    }
    if (!schema.current) {
      // Submitted again, the same way, once the checks are here (or without them if they fail).
      event.preventDefault();
      const form = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void load().then(
        () => form.requestSubmit(submitter),
        () => {
          unchecked.current = true;
          form.requestSubmit(submitter);
        },
      );
      return;
    }
    const values: Record<string, string> = {};
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string') values[key] = value;
    }
    const result = schema.current.safeParse(values);
    // A field that said no itself (a picked file refused: components/ui/image-field) holds the form
    // too, so the row is never saved without what was meant to go with it.
    const refused = Array.from(event.currentTarget.elements).filter(
      (element): element is HTMLInputElement =>
        element instanceof HTMLInputElement && element.validity.customError,
    );
    if (result.success && refused.length === 0) {
      setErrors({});
      setMessage(undefined);
      return;
    }
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) {
      const field = String(issue.path[0] ?? 'form');
      found[field] ??= issue.message;
    }
    for (const input of refused) found[input.name] ??= input.validationMessage;
    setErrors(found);
    setMessage(found.form);
    setFocusRequest((n) => n + 1);
  };

  // Typing in a field clears its message: the error described what was there before.
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name && errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  return {
    formRef,
    bannerRef,
    errors,
    message,
    formProps: { ref: formRef, onSubmit, onInput, onFocus: () => void load(), noValidate: true },
  };
}

type AccountSchemas = typeof import('@souk/domain/auth');
type AccountSchemaName = {
  [K in keyof AccountSchemas]: AccountSchemas[K] extends Validator ? K : never;
}[keyof AccountSchemas];

/** An account form's schema, fetched when the visitor first touches the form (not on first load). */
export const accountSchema = (name: AccountSchemaName) => () =>
  import('@souk/domain/auth').then((m) => m[name] as Validator);

/**
 * A page's own form, sent by a navigation (the account pages): useForm with what the page's action
 * answered (`actionData`), the text it gave back to refill the fields, and whether it is being sent.
 */
export function usePageForm(loadSchema: () => Promise<Validator>, actionData: unknown) {
  const failure = failureOf(actionData);
  const form = useForm(loadSchema, failure);
  const navigation = useNavigation();
  return {
    ...form,
    values: failure?.values ?? {},
    pending: navigation.state !== 'idle' && navigation.formMethod === 'POST',
  };
}

/**
 * A dialog's create/edit form, posted with its `intent` ('save' unless told) through the fetcher
 * `key`: the schema's checks and the action's field errors (useForm), the success toast, and
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
  const form = useForm(() => Promise.resolve(schema), failure);
  useOutcomeToast(outcome, () => true);

  useEffect(() => {
    if (fetcher.state === 'idle' && outcome?.ok) onSaved();
  }, [fetcher.state, outcome, onSaved]);

  return { ...form, Form: fetcher.Form, pending: fetcher.state !== 'idle' };
}

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
