import { Link } from 'react-router';

export type BreadcrumbItem = { label: string; to?: string };

/** Where the trail of every page below the catalogue starts: the home, then the catalogue. */
export const CATALOG_TRAIL: readonly BreadcrumbItem[] = [
  { label: 'Accueil', to: '/' },
  { label: 'Catalogue', to: '/catalog' },
];

/**
 * Trail of links; an item without `to` is the current page (a product page links every level). `step`/`steps` add the
 * catalogue's progress ('2/3', '3/3') as a small three-segment bar.
 */
export function Breadcrumb({
  items,
  step,
  steps = 3,
  className = '',
}: {
  items: BreadcrumbItem[];
  step?: number;
  steps?: number;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-2 ${className}`}>
      <nav aria-label="Fil d'Ariane" className="min-w-0">
        <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-stone-600">
          {items.map((item, index) => {
            const last = index === items.length - 1;
            return (
              <li key={`${item.to ?? ''}|${item.label}`} className="flex min-w-0 items-center gap-1.5">
                {index > 0 && (
                  <span aria-hidden="true" className="text-stone-400">
                    ›
                  </span>
                )}
                {item.to ? (
                  <Link
                    to={item.to}
                    className="rounded underline-offset-2 hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
                  >
                    {item.label}
                  </Link>
                ) : (
                  <span
                    aria-current={last ? 'page' : undefined}
                    className="truncate font-medium text-stone-900"
                  >
                    {item.label}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {step !== undefined && <StepProgress step={step} steps={steps} />}
    </div>
  );
}

function StepProgress({ step, steps }: { step: number; steps: number }) {
  return (
    <p className="flex items-center gap-2 text-xs font-medium text-stone-700">
      <span aria-hidden="true" className="flex gap-1">
        {Array.from({ length: steps }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative segments
            key={i}
            className={`h-1.5 w-5 rounded-full ${i < step ? 'bg-emerald-700' : 'bg-stone-300'}`}
          />
        ))}
      </span>
      <span>
        <span className="sr-only">Progression : </span>
        Étape {step}/{steps}
      </span>
    </p>
  );
}
