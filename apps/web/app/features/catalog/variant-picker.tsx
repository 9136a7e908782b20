import type { Variant } from '@souk/domain/catalog';
import { formatFcfa } from '@souk/domain/money';
import { type KeyboardEvent, useRef } from 'react';

/**
 * 'Choisir une variante': an ARIA radio group of buttons (arrow keys move the choice, one tab stop).
 * Out-of-stock variants stay visible, disabled, marked 'Rupture'.
 */
export function VariantPicker({
  variants,
  selectedId,
  onSelect,
  showPrices,
}: {
  variants: Variant[];
  selectedId: number | null;
  onSelect: (variant: Variant) => void;
  showPrices: boolean;
}) {
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const enabled = variants.filter((v) => v.in_stock);
  const tabStop = selectedId ?? enabled[0]?.id;

  const onKeyDown = (event: KeyboardEvent, current: Variant) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step || enabled.length === 0) return;
    event.preventDefault();
    const position = enabled.findIndex((v) => v.id === current.id);
    const next = enabled[(position + step + enabled.length) % enabled.length];
    if (!next) return;
    onSelect(next);
    buttons.current.get(next.id)?.focus();
  };

  return (
    <div className="flex flex-col gap-2">
      <p id="variant-picker-label" className="text-sm font-semibold text-stone-900">
        Choisir une variante
      </p>
      <div role="radiogroup" aria-labelledby="variant-picker-label" className="flex flex-wrap gap-2">
        {variants.map((variant) => {
          const checked = variant.id === selectedId;
          const out = !variant.in_stock;
          return (
            // biome-ignore lint/a11y/useSemanticElements: styled chips with the ARIA radio pattern (a radio group of buttons)
            <button
              key={variant.id}
              ref={(el) => {
                if (el) buttons.current.set(variant.id, el);
                else buttons.current.delete(variant.id);
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              disabled={out}
              tabIndex={variant.id === tabStop ? 0 : -1}
              onClick={() => onSelect(variant)}
              onKeyDown={(event) => onKeyDown(event, variant)}
              className={`flex min-h-11 flex-col items-start justify-center rounded-xl border px-3.5 py-1.5 text-left text-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${
                checked
                  ? 'border-emerald-800 bg-emerald-50 font-semibold text-emerald-950 ring-1 ring-emerald-800'
                  : out
                    ? 'cursor-not-allowed border-dashed border-stone-300 bg-stone-50 text-stone-600'
                    : 'border-stone-300 bg-white text-stone-900 hover:border-emerald-700'
              }`}
            >
              <span className={out ? 'line-through decoration-stone-400' : ''}>{variant.name}</span>
              {(showPrices || out) && (
                <span className="text-xs font-normal text-stone-600">
                  {out ? 'Rupture' : formatFcfa(variant.price)}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
