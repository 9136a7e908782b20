import type { ReactNode } from 'react';

/** One fact of a details dialog, inside a <dl>: its label beside it on wide screens, above on phones. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="text-sm font-semibold text-stone-600 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-stone-900">{children}</dd>
    </div>
  );
}
