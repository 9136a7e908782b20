import type { ReactNode } from 'react';
import { SHOP_LAYOUT_ROUTE_ID, type ShopLayoutData } from '~/lib/shop-layout-data';

/** The public origin from the shop layout's loader data, for the `meta` of pages without a loader. */
export function layoutPublicUrl(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): string {
  const data = matches.find((match) => match?.id === SHOP_LAYOUT_ROUTE_ID)?.loaderData as
    | ShopLayoutData
    | undefined;
  return data?.publicUrl ?? '';
}

/** A readable text page (terms, privacy): title, date line and comfortable measure. */
export function StaticPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated?: string;
  children: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold text-stone-900">{title}</h1>
      {updated && <p className="mt-2 text-sm text-stone-600">Dernière mise à jour : {updated}</p>}
      <div className="mt-8 flex flex-col gap-7 text-[15px] leading-relaxed text-stone-800 [&_a]:font-medium [&_a]:text-emerald-800 [&_a]:underline [&_a]:underline-offset-2 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-stone-900 [&_li]:mt-1 [&_p+p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5">
        {children}
      </div>
    </main>
  );
}
