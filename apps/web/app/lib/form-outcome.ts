import { data } from 'react-router';
import type { ActionOutcome } from './action-outcome';
import { type ApiResult, failureMessage } from './api-client';
import type { FormFailure } from './form-failure';

// An API answer as a form shows it, for the page actions and for the back office's clientActions
// (lib/photo-upload-action), which send a photo from the browser.

const TOO_MANY_ATTEMPTS = 'Trop de tentatives. Veuillez réessayer plus tard.';

/** The first message of each field of the API's `errors` map (shown under each field). */
export function firstErrors(
  errors: Record<string, string[]> | undefined,
): Record<string, string> | undefined {
  if (!errors) return undefined;
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (messages[0]) out[field || 'form'] = messages[0];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export type FormOutcome<T> =
  | { ok: true; data: T; message?: string; setCookies: string[] }
  | { ok: false; status: number; failure: FormFailure; setCookies: string[] };

/**
 * Turns an API answer to a form into what the page shows: field errors under their fields,
 * otherwise a banner (the server's message, or `fallback`). A 429 reads in French.
 */
export function formOutcome<T>(result: ApiResult<T>, fallback: string): FormOutcome<T> {
  if (result.ok) return result;
  const { status, setCookies } = result;
  if (status === 429) return { ok: false, status, failure: { message: TOO_MANY_ATTEMPTS }, setCookies };
  // Field errors (422, or a picture too large: 413) go under their fields.
  const errors = status === 422 || status === 413 ? firstErrors(result.errors) : undefined;
  const failure: FormFailure = errors ? { errors } : { message: failureMessage(result, fallback) };
  return { ok: false, status, failure, setCookies };
}

/**
 * A back-office action's answer to one intent: the API's success message for the toast (and the
 * `details` the page shows of its data, if any), or its refusal (field errors, or a message with `fallback`) with the API's status.
 */
export function intentOutcome(
  intent: string,
  result: ApiResult<unknown>,
  fallback: string,
  details?: (data: unknown) => Record<string, string>,
) {
  const outcome = formOutcome(result, fallback);
  if (outcome.ok)
    return {
      intent,
      ok: true,
      message: outcome.message ?? 'Enregistré',
      ...(details ? { details: details(outcome.data) } : {}),
    } satisfies ActionOutcome;
  return data({ intent, ok: false, failure: outcome.failure } satisfies ActionOutcome, {
    status: outcome.status,
  });
}

/** A form field's text ('' when absent or a file). */
export const formText = (form: FormData, field: string) => {
  const value = form.get(field);
  return typeof value === 'string' ? value : '';
};
