import { useFetcher } from 'react-router';
import type { ActionOutcome } from '~/lib/form-action';
import { useOutcomeToast } from '~/lib/use-form';
import { Button } from './button';

/** What a toggle sends is what the row will be: shown while the answer is awaited. */
const awaitedActive = (fetcher: { formData?: FormData }, saved: boolean) =>
  fetcher.formData ? fetcher.formData.get('is_active') === 'true' : saved;

/** The row's status as the ActiveToggle of `fetcherKey` will leave it (for a badge beside it). */
export function useToggledActive(fetcherKey: string, saved: boolean) {
  return awaitedActive(useFetcher({ key: fetcherKey }), saved);
}

/**
 * Activer / Désactiver: one click, through the page's action with `intent` (the list reloads with
 * the answer, a refusal is toasted). While the answer is awaited, the button already says what the
 * row will be. `fields` names the row (its id, and its parent's when the action needs it).
 */
export function ActiveToggle({
  fetcherKey,
  intent = 'toggle',
  fields,
  name,
  active: saved,
}: {
  fetcherKey: string;
  intent?: string;
  fields: Record<string, string | number>;
  /** What the row is called, for the button's accessible name ('Désactiver 30 ml'). */
  name: string;
  active: boolean;
}) {
  const fetcher = useFetcher<ActionOutcome>({ key: fetcherKey });
  const pending = fetcher.state !== 'idle';
  useOutcomeToast(fetcher.data);
  const active = awaitedActive(fetcher, saved);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <input type="hidden" name="is_active" value={String(!active)} />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={pending}
        aria-label={`${active ? 'Désactiver' : 'Activer'} ${name}`}
      >
        {active ? 'Désactiver' : 'Activer'}
      </Button>
    </fetcher.Form>
  );
}
