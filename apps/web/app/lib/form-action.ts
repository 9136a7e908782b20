import { isTooManyAttempts, TOO_MANY_ATTEMPTS } from '@souk/domain/account-messages';
import { data } from 'react-router';
import { type ApiClient, type ApiResult, failureMessage } from './api-client';

// The one way a form is submitted (docs/decisions/0032): the page's action — or, for a form that
// carries a photo, the back office's clientAction (lib/photo-upload-action) — reads the form, runs
// the handler of its `intent` against the API, and answers what the page shows: a success
// (an ActionOutcome for the toast, or the handler's own answer: a redirect, the page's data), or a
// refusal with field errors under their fields and/or a banner message, with the API's status.
// The page side is lib/use-form.ts: the same domain schema checks the form before it is sent.

/** What an action hands back on a refusal: a banner message and/or per-field errors. */
export type FormFailure = {
  message?: string;
  errors?: Record<string, string>;
  /** What the visitor typed (never passwords), so a page without JavaScript keeps it. */
  values?: Record<string, string>;
};

/** What an action answers its page: the outcome of one intent (log in, save, toggle, delete…). */
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

/** A refused outcome's failure, for a page reading its action's answer. */
export const failureOf = (answer: unknown): FormFailure | undefined => {
  const outcome = answer as Partial<Extract<ActionOutcome, { ok: false }>> | undefined;
  return outcome?.ok === false ? outcome.failure : undefined;
};

/** The intent of a form that does not name one (a page with a single form: log in, register…). */
export const SUBMIT = 'submit';

const INVALID_FORM = 'Formulaire invalide : type de contenu non pris en charge';
const UNKNOWN_INTENT = 'Action inconnue';
const SAVED = 'Enregistré';

/** A form field's text ('' when absent or a file). */
export const formText = (form: FormData, field: string) => {
  const value = form.get(field);
  return typeof value === 'string' ? value : '';
};

/** The form's text fields `names`, as the API takes them ('' for one absent or a file). */
export const formTexts = <K extends string>(form: FormData, names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, formText(form, name)])) as Record<K, string>;

/**
 * A page action's form. A body that is not a form (JSON, text, a broken multipart) is the
 * sender's mistake: 415 with a French message, never a server error.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: INVALID_FORM }, { status: 415 });
  }
}

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

/** What one intent's handler works with. */
export type FormRequest = { form: FormData; id: string; client: ApiClient };

/** What a handler's `done` gets of the API's success. */
export type FormSuccess<T> = {
  data: T;
  form: FormData;
  /** The outcome the page would show by default: the API's message for the toast. */
  saved: Extract<ActionOutcome, { ok: true }>;
  setCookies: string[];
};

export type FormHandler<T = unknown, R = unknown> = {
  /** The banner's or the toast's words when the API gives none. */
  failure: string;
  send: (request: FormRequest) => Promise<ApiResult<T>>;
  /** The text fields given back on a refusal, so a page without JavaScript keeps them (never passwords). */
  echo?: readonly string[];
  /** Fields whose errors the visitor cannot fix on the form (a used link's token): said in the banner. */
  inBanner?: readonly string[];
  /** The answer on success (a redirect, the page's data); the `saved` outcome (a toast) otherwise. */
  done?: (success: FormSuccess<T>) => R;
};

/** A handler whose `done` reads the data its own call answers. */
export const handler = <T, R = Extract<ActionOutcome, { ok: true }>>(
  handler: FormHandler<T, R>,
): FormHandler<unknown, R> => handler as unknown as FormHandler<unknown, R>;

// biome-ignore lint/suspicious/noExplicitAny: each intent's handler answers its own type
export type FormHandlers = Record<string, FormHandler<any, any>>;

type SuccessOf<H> = H extends { done: (success: never) => infer R }
  ? R
  : Extract<ActionOutcome, { ok: true }>;

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

/**
 * An API refusal as a form shows it: field errors under their fields (a 422, or a picture too
 * large: 413) — but those of `inBanner` in the banner —, otherwise a banner (the server's message,
 * or `fallback`). A 429 reads in French: the API's words (a login's say when to try again), not a
 * proxy's.
 */
export function refusalOf(
  result: Extract<ApiResult<unknown>, { ok: false }>,
  fallback: string,
  inBanner: readonly string[] = [],
): FormFailure {
  if (result.status === 429)
    return { message: isTooManyAttempts(result.message) ? result.message : TOO_MANY_ATTEMPTS };
  const errors = result.status === 422 || result.status === 413 ? firstErrors(result.errors) : undefined;
  if (!errors) return { message: failureMessage(result, fallback) };
  const banner = inBanner.map((field) => errors[field]).find(Boolean);
  for (const field of inBanner) delete errors[field];
  const rest = Object.keys(errors).length > 0 ? errors : undefined;
  return banner ? { message: banner, ...(rest ? { errors: rest } : {}) } : { errors };
}

/** Sees a refusal first: throws the page's own refusal, or answers another way (a redirect). */
type Refused = (result: Extract<ApiResult<unknown>, { ok: false }>, intent: string) => Response | undefined;

/** An intent the page does not know (a forged form): 400. */
const unknownIntent = (intent: string) =>
  data({ intent, ok: false, failure: { message: UNKNOWN_INTENT } } satisfies ActionOutcome, { status: 400 });

/**
 * Runs the handler of the form's intent (`SUBMIT` when the form names none) and answers as the
 * page shows it. `refused` sees every refusal first: a session the API refuses meanwhile may be
 * the page's own refusal (thrown), or a way to the login page (returned).
 */
export async function runForm<H extends FormHandlers>(
  form: FormData,
  client: ApiClient,
  handlers: H,
  refused?: Refused,
) {
  const intent = form.has('intent') ? formText(form, 'intent') : SUBMIT;
  const chosen = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!chosen) return unknownIntent(intent);
  const result = await chosen.send({ form, id: formText(form, 'id'), client });
  if (result.ok) {
    const saved = { intent, ok: true as const, message: result.message ?? SAVED };
    const success = { data: result.data, form, saved, setCookies: result.setCookies };
    return (chosen.done ? chosen.done(success) : saved) as SuccessOf<H[keyof H]>;
  }
  const answer = refused?.(result, intent);
  if (answer) return answer;
  const failure = refusalOf(result, chosen.failure, chosen.inBanner);
  if (chosen.echo) {
    const values: Record<string, string> = {};
    for (const field of chosen.echo) {
      const value = form.get(field);
      if (typeof value === 'string') values[field] = value;
    }
    failure.values = values;
  }
  return data({ intent, ok: false, failure } satisfies ActionOutcome, { status: result.status || 500 });
}

/** A page's action: its form read (`readForm`), then `runForm`. */
export async function formAction<H extends FormHandlers>(
  request: Request,
  client: ApiClient,
  handlers: H,
  refused?: Refused,
) {
  return runForm(await readForm(request), client, handlers, refused);
}
