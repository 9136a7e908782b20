import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * For data that changes only through a write (a form, a fetcher) or an explicit revalidate() of the
 * same address: a plain navigation keeps it. `also` names other navigations that reload it.
 */
export const onlyAfterWrites = (args: ShouldRevalidateFunctionArgs, also = false) =>
  args.formMethod || args.currentUrl.href === args.nextUrl.href || also
    ? args.defaultShouldRevalidate
    : false;
