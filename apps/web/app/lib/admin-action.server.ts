import type { RouterContextProvider } from 'react-router';
import { throwIfRefused } from './admin-access.server';
import { api } from './api.server';
import type { ApiClient, ApiResult } from './api-client';
import { formText, intentOutcome } from './form-outcome';
import { unknownIntent } from './form-outcome.server';
import { readForm } from './read-form.server';

/** What one intent of a back-office form works with. */
export type IntentRequest = { form: FormData; id: string; client: ApiClient };

export type IntentHandler<T = unknown> = {
  /** The banner's or the toast's words when the API gives none. */
  failure: string;
  run: (request: IntentRequest) => Promise<ApiResult<T>>;
  /** What of the API's data the page shows besides the toast (only what it needs: not the whole row). */
  details?: (data: T) => Record<string, string>;
};

export type IntentHandlers = Record<string, IntentHandler>;

/** A handler whose `details` reads the data its own call answers. */
export const withDetails = <T>(
  handler: IntentHandler<T> & { details: (data: T) => Record<string, string> },
) => handler as unknown as IntentHandler;

/**
 * A form the domain's schema refused before anything was sent (a forged or outdated form): the
 * answer the API would have given, 422 with the schema's French message.
 */
export const refusedBeforeSending = (
  message: string,
  errors?: Record<string, string[]>,
): ApiResult<never> => ({
  ok: false,
  status: 422,
  message,
  ...(errors ? { errors } : {}),
  setCookies: [],
});

/**
 * A back-office page's action (the admin layout's middleware has let the admin in): the form is
 * read, and its `intent` (save, toggle, delete…) run against the API, the form's `id` naming the
 * row. The answer is an ActionOutcome (the API's message for the toast, or its refusal); an
 * unknown intent is a 400. With `notices` (the pages that say why they send a visitor away), a
 * session the API refuses meanwhile (401, 403) is that page's refusal rather than a toast.
 */
export async function adminAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  handlers: IntentHandlers,
  { notices = false }: { notices?: boolean } = {},
) {
  const form = await readForm(request);
  const intent = formText(form, 'intent');
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return unknownIntent(intent);
  const result = await handler.run({ form, id: formText(form, 'id'), client: api(context) });
  if (notices) throwIfRefused(request, context, result);
  return intentOutcome(intent, result, handler.failure, handler.details);
}
