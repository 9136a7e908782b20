import { formatCount } from '@souk/domain/money';
/**
 * A row of counters, each a label over its number (fr-FR grouping) or its text already written
 * (an amount in FCFA, a percentage); `className` sets the columns, an item's own `className` its
 * span.
 */
export function StatCards({
  items,
  className,
  dense = false,
}: {
  items: readonly { label: string; value: number | string; className?: string }[];
  className: string;
  /** Smaller cards on a phone, where they would push the list below the fold. */
  dense?: boolean;
}) {
  return (
    <dl className={`grid gap-2 sm:gap-3 ${className}`}>
      {items.map((item) => (
        <div
          key={item.label}
          className={`min-w-0 rounded-2xl border border-stone-200 bg-white shadow-sm sm:p-4 ${dense ? 'px-2 py-1.5' : 'p-3'} ${item.className ?? ''}`}
        >
          <dt className="text-xs text-stone-600 sm:text-sm">{item.label}</dt>
          {/* A shop's revenue runs to '2 000 000 000 FCFA', all no-break spaces: wider than half a
              phone, or a quarter of a desk. It wraps instead of pushing the page sideways: first
              before 'FCFA', and only if the figure alone is still too wide, inside it. */}
          <dd
            className={`font-bold text-stone-900 wrap-anywhere sm:text-2xl ${dense ? 'text-lg leading-tight' : 'text-xl'}`}
          >
            {typeof item.value === 'number' ? formatCount(item.value) : unitMayWrap(item.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** '12 500 FCFA' with an ordinary space before the currency, so a narrow card can break there. */
export const unitMayWrap = (value: string) => value.replace(/\u00a0FCFA$/, ' FCFA');
