import { useId } from 'react';
import { quantityOf } from './quantity';

const stepButton =
  'flex h-11 w-11 items-center justify-center text-lg font-semibold text-stone-800 transition hover:bg-stone-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-800 disabled:cursor-not-allowed disabled:text-stone-400';

/**
 * Quantity: minimum 1, no maximum. The text stays free while typing and is fixed on blur.
 * `name`: the field a form posted before the script has loaded sends (the − and + need it).
 */
export function QuantityPicker({
  value,
  onChange,
  name,
}: {
  value: string;
  onChange: (value: string) => void;
  name?: string;
}) {
  const id = useId();
  const current = quantityOf(value);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-stone-900">
        Quantité
      </label>
      <div className="inline-flex w-max items-center overflow-hidden rounded-xl border border-stone-300 bg-white">
        <button
          type="button"
          onClick={() => onChange(String(Math.max(1, current - 1)))}
          disabled={current <= 1}
          aria-label="Diminuer la quantité"
          className={stepButton}
        >
          −
        </button>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/[^\d]/g, ''))}
          onBlur={() => onChange(String(current))}
          className="h-11 w-14 border-x border-stone-300 text-center text-base font-semibold text-stone-900 [appearance:textfield] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-800 [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          onClick={() => onChange(String(current + 1))}
          aria-label="Augmenter la quantité"
          className={stepButton}
        >
          +
        </button>
      </div>
    </div>
  );
}
