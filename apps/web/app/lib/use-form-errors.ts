import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { FormFailure } from './form-failure';

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
 * for it, then goes on. Without JavaScript, the action checks the same schema.
 */
export function useFormErrors(loadSchema: () => Promise<Validator>, server: FormFailure | undefined) {
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
