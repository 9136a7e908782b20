import type { Variant } from '@souk/domain/catalog';
import { formatFcfa } from '@souk/domain/money';

/**
 * 'Choisir une variante': real radio buttons (`variant_id`) styled as chips, so the choice works
 * from the first paint, before the page's script, and travels with the form (docs/decisions/0039).
 * The browser gives them the radio group's keys (arrows move the choice, one tab stop). Their
 * checked state is the browser's own (`defaultChecked`): a tap made before the script has loaded
 * is kept through hydration, and the page reads it back (`onSelect`). Out-of-stock variants stay
 * visible, disabled, marked 'Rupture'.
 */
export function VariantPicker({
  variants,
  defaultId,
  onSelect,
  showPrices,
}: {
  variants: Variant[];
  /** The variant chosen when the page was drawn (the default, or the one a form post kept). */
  defaultId: number | null;
  onSelect: (variant: Variant) => void;
  showPrices: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-stone-900">Choisir une variante</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((variant) => {
          const out = !variant.in_stock;
          return (
            <label
              key={variant.id}
              className={`relative flex min-h-11 flex-col items-start justify-center rounded-xl border px-3.5 py-1.5 text-left text-sm transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-800 ${
                out
                  ? 'cursor-not-allowed border-dashed border-stone-300 bg-stone-50 text-stone-600'
                  : 'cursor-pointer border-stone-300 bg-white text-stone-900 hover:border-emerald-700 has-[:checked]:border-emerald-800 has-[:checked]:bg-emerald-50 has-[:checked]:font-semibold has-[:checked]:text-emerald-950 has-[:checked]:ring-1 has-[:checked]:ring-emerald-800'
              }`}
            >
              <input
                type="radio"
                name="variant_id"
                value={variant.id}
                defaultChecked={variant.id === defaultId}
                disabled={out}
                required
                onChange={() => onSelect(variant)}
                // Over the whole chip: a tap anywhere on it is a tap on the radio itself.
                className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none rounded-xl opacity-0 disabled:cursor-not-allowed"
              />
              <span className={out ? 'line-through decoration-stone-400' : ''}>{variant.name}</span>
              {(showPrices || out) && (
                <span className="text-xs font-normal text-stone-600">
                  {out ? 'Rupture' : formatFcfa(variant.price)}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
