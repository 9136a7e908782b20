import { VARIANT_BATCH_MAX } from '@souk/domain/admin-limits';
import { BatchVariantRowSchema, NO_VALID_VARIANT } from '@souk/domain/admin-variants';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { FormActions, FormBanner } from '~/components/ui/form-fields';
import {
  emptyVariantRow,
  isBlankVariantRow,
  rowProblemsFromApi,
  type VariantRow,
  variantRowValues,
} from '~/lib/draft-rows';
import type { ActionOutcome } from '~/lib/form-action';
import { useOutcomeToast } from '~/lib/use-form';

type Column = Exclude<keyof VariantRow, 'key'>;

/** '2.price' → the message, for the rows as the screen shows them. */
type RowErrors = Record<string, string>;

const cell =
  'block w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700';

function RowField({
  row,
  index,
  column,
  label,
  error,
  onChange,
  kind = 'text',
}: {
  row: VariantRow;
  index: number;
  column: Column;
  label: string;
  error?: string;
  onChange: (column: Column, value: string) => void;
  kind?: 'text' | 'number' | 'price';
}) {
  const id = `batch-${row.key}-${column}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-stone-700">
        {label}
        <span className="sr-only"> (ligne {index + 1})</span>
      </label>
      <input
        id={id}
        // A price is text with the digit pad: a number input would empty '3 500' (the domain reads 3500).
        type={kind === 'number' ? 'number' : 'text'}
        inputMode={kind === 'text' ? undefined : 'numeric'}
        min={kind === 'number' ? 0 : undefined}
        value={row[column]}
        onChange={(event) => onChange(column, event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${cell} ${error ? 'border-red-700 bg-red-50/40' : 'border-stone-300'}`}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * 'Créer plusieurs variantes': a table of rows (name, price, SKU, stock, status, remove),
 * 'Ajouter une ligne', and 'Créer N variante(s)'. Empty rows are left out; any invalid row blocks
 * the whole submit, and the API creates all the rows or none.
 */
export function VariantBatchDialog({
  productId,
  open,
  onClose,
}: {
  productId: number;
  open: boolean;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ActionOutcome>({ key: 'variant-batch' });
  const [rows, setRows] = useState<VariantRow[]>(() => [emptyVariantRow()]);
  const [errors, setErrors] = useState<RowErrors>({});
  const [banner, setBanner] = useState<string | undefined>();
  const [sent, setSent] = useState<number[]>([]);
  const bannerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const outcome = fetcher.data?.intent === 'variant-batch' ? fetcher.data : undefined;
  useOutcomeToast(outcome, () => true);

  const focusFirstProblem = (found: RowErrors) => {
    requestAnimationFrame(() => {
      const invalid = listRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (Object.keys(found).length && invalid ? invalid : bannerRef.current)?.focus();
    });
  };

  // The API's answer: closed once created, its refusals under the rows they name.
  // A keyed fetcher keeps its last answer: the dialog opened again must not take it for its own.
  const handled = useRef<ActionOutcome | undefined>(fetcher.data);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !outcome || outcome === handled.current) return;
    handled.current = outcome;
    if (outcome.ok) {
      onClose();
      return;
    }
    // The n-th row sent was the screen's row sent[n].
    const found: RowErrors = {};
    for (const { row, field, message } of rowProblemsFromApi(outcome.failure.errors, 'variants')) {
      const shown = sent[row];
      if (shown !== undefined) found[`${shown}.${field}`] ??= message;
    }
    setErrors(found);
    setBanner(Object.keys(found).length ? undefined : (outcome.failure.message ?? 'Une erreur est survenue'));
    focusFirstProblem(found);
  });

  const change = (index: number, column: Column, value: string) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [column]: value } : row)));
    setErrors(({ [`${index}.${column}`]: _, ...rest }) => rest);
  };

  const submit = () => {
    const kept = rows.flatMap((row, index) => (isBlankVariantRow(row) ? [] : [index]));
    const found: RowErrors = {};
    for (const index of kept) {
      const result = BatchVariantRowSchema.safeParse(variantRowValues(rows[index] as VariantRow));
      for (const issue of result.error?.issues ?? [])
        found[`${index}.${String(issue.path[0])}`] ??= issue.message;
    }
    setErrors(found);
    const message = kept.length === 0 ? NO_VALID_VARIANT : undefined;
    setBanner(message);
    if (message || Object.keys(found).length) {
      focusFirstProblem(found);
      return;
    }
    setSent(kept);
    fetcher.submit(
      {
        intent: 'variant-batch',
        product_id: String(productId),
        variants: JSON.stringify(kept.map((index) => variantRowValues(rows[index] as VariantRow))),
      },
      { method: 'post' },
    );
  };

  const filled = rows.filter((row) => !isBlankVariantRow(row)).length;
  return (
    <Dialog open={open} onClose={onClose} title="Créer plusieurs variantes" size="lg" closeButton>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormBanner message={banner} bannerRef={bannerRef} />
        <ol ref={listRef} className="flex flex-col gap-3">
          {rows.map((row, index) => (
            <li key={row.key}>
              <fieldset className="grid grid-cols-2 items-start gap-2 rounded-xl border border-stone-200 p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto_auto] sm:items-end">
                <legend className="px-1 text-sm font-semibold text-stone-800">Variante {index + 1}</legend>
                <div className="col-span-2 sm:col-span-1">
                  <RowField
                    row={row}
                    index={index}
                    column="name"
                    label="Nom"
                    error={errors[`${index}.name`]}
                    onChange={(column, value) => change(index, column, value)}
                  />
                </div>
                <RowField
                  row={row}
                  index={index}
                  column="price"
                  label="Prix (FCFA)"
                  kind="price"
                  error={errors[`${index}.price`]}
                  onChange={(column, value) => change(index, column, value)}
                />
                <RowField
                  row={row}
                  index={index}
                  column="sku"
                  label="SKU"
                  error={errors[`${index}.sku`]}
                  onChange={(column, value) => change(index, column, value)}
                />
                <RowField
                  row={row}
                  index={index}
                  column="stock_quantity"
                  label="Stock"
                  kind="number"
                  error={errors[`${index}.stock_quantity`]}
                  onChange={(column, value) => change(index, column, value)}
                />
                <div className="flex flex-col gap-1">
                  <label htmlFor={`batch-${row.key}-status`} className="text-xs font-semibold text-stone-700">
                    Statut<span className="sr-only"> (ligne {index + 1})</span>
                  </label>
                  <select
                    id={`batch-${row.key}-status`}
                    value={row.is_active}
                    onChange={(event) => change(index, 'is_active', event.currentTarget.value)}
                    className={`${cell} border-stone-300`}
                  >
                    <option value="true">Actif</option>
                    <option value="false">Inactif</option>
                  </select>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={rows.length === 1}
                  aria-label={`Retirer la ligne ${index + 1}`}
                  onClick={() => {
                    setRows((current) => current.filter((_, i) => i !== index));
                    setErrors({});
                  }}
                >
                  Retirer
                </Button>
              </fieldset>
            </li>
          ))}
        </ol>
        <div>
          <Button
            variant="secondary"
            disabled={rows.length >= VARIANT_BATCH_MAX}
            onClick={() => setRows((current) => [...current, emptyVariantRow()])}
          >
            Ajouter une ligne
          </Button>
        </div>
        <p className="text-sm text-stone-600">
          Stock vide = illimité. Les lignes laissées vides sont ignorées.
        </p>
        <FormActions onCancel={onClose} pending={fetcher.state !== 'idle'}>
          {`Créer ${filled} variante(s)`}
        </FormActions>
      </form>
    </Dialog>
  );
}
