/**
 * A row of counters, each a label over its number (fr-FR grouping) or its text already written
 * (an amount in FCFA, a percentage); `className` sets the columns.
 */
export function StatCards({
  items,
  className,
}: {
  items: readonly { label: string; value: number | string }[];
  className: string;
}) {
  return (
    <dl className={`grid gap-2 sm:gap-3 ${className}`}>
      {items.map((item) => (
        <div key={item.label} className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4">
          <dt className="text-xs text-stone-600 sm:text-sm">{item.label}</dt>
          <dd className="text-xl font-bold text-stone-900 sm:text-2xl">
            {typeof item.value === 'number' ? item.value.toLocaleString('fr-FR') : item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
