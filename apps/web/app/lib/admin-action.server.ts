import type { RouterContextProvider } from 'react-router';
import { api } from './api.server';
import type { ApiClient, ApiResult } from './api-client';
import { formText, intentOutcome, unknownIntent } from './form-outcome.server';
import { readForm } from './read-form.server';
import { requireAdmin } from './session.server';

/** What one intent of a back-office form works with. */
export type IntentRequest = { form: FormData; id: string; client: ApiClient };

export type IntentHandlers = Record<
  string,
  {
    /** The banner's or the toast's words when the API gives none (spec §8). */
    failure: string;
    run: (request: IntentRequest) => Promise<ApiResult<unknown>>;
  }
>;

/**
 * A back-office page's action: the admin is checked, the form read, and its `intent` (save,
 * toggle, delete…) run against the API, the form's `id` naming the row. The answer is an
 * ActionOutcome (the API's message for the toast, or its refusal); an unknown intent is a 400.
 */
export async function adminAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  handlers: IntentHandlers,
) {
  await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = formText(form, 'intent');
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return unknownIntent(intent);
  const result = await handler.run({ form, id: formText(form, 'id'), client: api(context) });
  return intentOutcome(intent, result, handler.failure);
}
