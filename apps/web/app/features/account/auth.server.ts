import type { ApiResponse } from '@souk/domain/api';
import type { RouterContextProvider } from 'react-router';
import { type ApiCaller, serverContext } from '#api-context';
import type { FormFailure } from './form-failure';

const TOO_MANY_ATTEMPTS = 'Trop de tentatives. Veuillez réessayer plus tard.';

/** The first message of each field of the API's `errors` map (spec §5: shown under each field). */
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

export type ApiCallResult<T> =
  | { ok: true; data: T; message?: string; setCookies: string[] }
  | { ok: false; status: number; failure: FormFailure; setCookies: string[] };

/**
 * Sends a form's fields to the API and turns a refusal into what the page shows: field errors under
 * their fields, otherwise a banner (the server's message, or `fallback` — spec §8). A 429 reads in French.
 */
export async function callApi<T>(
  context: Readonly<RouterContextProvider>,
  path: string,
  init: { method?: string; body?: unknown },
  fallback: string,
): Promise<ApiCallResult<T>> {
  let result: Awaited<ReturnType<ApiCaller>>;
  try {
    result = await context.get(serverContext).api(path, { method: init.method ?? 'POST', body: init.body });
  } catch {
    return { ok: false, status: 0, failure: { message: 'Erreur de connexion' }, setCookies: [] };
  }
  const { status, body, setCookies } = result;
  const envelope = body as ApiResponse<T> | null;
  if (status >= 200 && status < 300 && envelope?.success) {
    return { ok: true, data: envelope.data, message: envelope.message, setCookies };
  }
  const refusal = envelope && envelope.success === false ? envelope : null;
  if (status === 429) return { ok: false, status, failure: { message: TOO_MANY_ATTEMPTS }, setCookies };
  const errors = status === 422 ? firstErrors(refusal?.errors) : undefined;
  const failure: FormFailure = errors ? { errors } : { message: refusal?.message || fallback };
  // A 5xx message is generic by contract; the page's own wording reads better.
  if (status >= 500) failure.message = fallback;
  return { ok: false, status, failure, setCookies };
}

/** A form's text fields, minus secrets, to refill the form when the page reloads without JavaScript. */
export function echoValues(form: FormData, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = form.get(field);
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

export const formText = (form: FormData, field: string) => {
  const value = form.get(field);
  return typeof value === 'string' ? value : '';
};
