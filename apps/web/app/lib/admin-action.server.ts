import { data, type RouterContextProvider } from 'react-router';
import { api } from './api.server';
import type { ApiClient, ApiResult } from './api-client';
import { formText, intentOutcome } from './form-outcome';
import { unknownIntent } from './form-outcome.server';
import { readForm } from './read-form.server';
import { type AccessRefusal, accessRefusal, adminAccess, requireAdmin } from './session.server';

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

/** A page that says why it sends the visitor away answers that notice, then goes. */
export const noticeAnswer = ({ notice, headers }: AccessRefusal) => data({ notice }, { headers });

/**
 * A back-office page's action: the admin is checked, the form read, and its `intent` (save,
 * toggle, delete…) run against the API, the form's `id` naming the row. The answer is an
 * ActionOutcome (the API's message for the toast, or its refusal); an unknown intent is a 400.
 * With `notices` (the orders screen), a visitor who is not an admin, or a session the API refuses
 * meanwhile (401, 403), gets the page's notice rather than an immediate redirect.
 */
export async function adminAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  handlers: IntentHandlers,
  { notices = false }: { notices?: boolean } = {},
) {
  if (notices) {
    const { refusal } = await adminAccess(request, context);
    if (refusal) return noticeAnswer(refusal);
  } else await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = formText(form, 'intent');
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return unknownIntent(intent);
  const result = await handler.run({ form, id: formText(form, 'id'), client: api(context) });
  const refusal = notices && !result.ok ? accessRefusal(request, result.status) : null;
  if (refusal) return noticeAnswer(refusal);
  return intentOutcome(intent, result, handler.failure, handler.details);
}
