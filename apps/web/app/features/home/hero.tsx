import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, SparkleIcon } from '~/components/ui/icons';

/** Home hero: the title, the authenticity badge and the way into the catalogue; the banners sit beside it. */
export function Hero({ children }: { children?: ReactNode }) {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-[#f5eee3] to-[#fbf8f3]">
      <div
        className={`mx-auto grid max-w-6xl grid-cols-1 items-center gap-6 px-4 pt-6 pb-2 md:py-12 ${children ? 'md:grid-cols-2 md:gap-10' : ''}`}
      >
        <div className="flex flex-col items-start gap-4">
          <p className="inline-flex items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900">
            <SparkleIcon className="h-3.5 w-3.5" />
            Produits Authentiques du Maroc
          </p>
          <h1
            id="hero-title"
            className="font-serif text-[1.75rem] leading-tight font-bold tracking-tight text-stone-900 sm:text-4xl lg:text-5xl"
          >
            PARFUMS &amp; COSMÉTIQUES NATURELS
          </h1>
          <p className="max-w-prose text-base text-stone-700">
            Parfums, huiles essentielles, savons artisanaux et soins de beauté, choisis avec soin. Commandez
            en ligne, nous confirmons avec vous sur WhatsApp.
          </p>
          <Link
            to="/catalog"
            className="inline-flex items-center gap-2 rounded-full bg-emerald-800 px-6 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-emerald-900"
          >
            Découvrir le catalogue
            <ArrowRightIcon />
          </Link>
        </div>
        {children}
      </div>
    </section>
  );
}
