import { data } from 'react-router';
import type { ActionOutcome } from '~/lib/action-outcome';

/** A form's text fields, minus secrets, to refill the form when the page reloads without JavaScript. */
export function echoValues(form: FormData, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = form.get(field);
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

/** An intent the page does not know (a forged form): 400. */
export const unknownIntent = (intent: string) =>
  data({ intent, ok: false, failure: { message: 'Action inconnue' } } satisfies ActionOutcome, {
    status: 400,
  });
