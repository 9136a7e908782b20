import { formatCartBadge } from './use-cart-count';

/**
 * How many articles the cart holds, over its icon (the header's and the bottom bar's); nothing when
 * it is empty. Hidden from screen readers: the cart link's label already says it.
 */
export function CartBadge({
  count,
  position,
  background,
}: {
  count: number;
  /** Where it sits on the icon, e.g. 'top-0.5 right-0'. */
  position: string;
  background: string;
}) {
  return count > 0 ? (
    <span
      aria-hidden="true"
      className={`absolute ${position} min-w-5 rounded-full ${background} px-1 text-center text-[11px] leading-5 font-bold text-stone-900`}
    >
      {formatCartBadge(count)}
    </span>
  ) : null;
}
