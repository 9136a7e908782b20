import type { ReactNode } from 'react';
import { Svg } from './icons';

/** A friendly "nothing here" block with an optional action (link or button). */
export function EmptyState({
  title,
  children,
  action,
  headingLevel = 2,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 bg-stone-50 px-6 py-10 text-center">
      <Svg className="h-10 w-10 text-amber-700" strokeWidth={1.5}>
        <path d="M4 7.5 12 3l8 4.5v9L12 21l-8-4.5v-9Z" strokeLinejoin="round" />
        <path d="m4 7.5 8 4.5 8-4.5M12 12v9" strokeLinejoin="round" />
      </Svg>
      <Heading className="text-base font-semibold text-stone-900">{title}</Heading>
      {children && <div className="max-w-sm text-sm text-stone-600">{children}</div>}
      {action}
    </div>
  );
}
