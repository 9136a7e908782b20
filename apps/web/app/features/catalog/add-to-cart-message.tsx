import { Link } from 'react-router';
import { Svg } from '~/components/ui/icons';
import type { AddToCartFeedback } from './use-add-to-cart';

/** What the add-to-cart toast shows: the success with a way to the cart, or the error in words. */
export function AddToCartMessage({
  feedback,
  onDismiss,
}: {
  feedback: NonNullable<AddToCartFeedback>;
  onDismiss: () => void;
}) {
  return (
    <>
      {feedback.kind === 'added' && (
        <div className="fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-stone-900 px-4 py-3 text-sm text-white shadow-xl md:bottom-6">
          <span
            aria-hidden="true"
            className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-emerald-500 text-stone-950"
          >
            <Svg className="h-4 w-4" strokeWidth={3}>
              <path strokeLinecap="round" strokeLinejoin="round" d="m5 12 5 5 9-10" />
            </Svg>
          </span>
          <p className="flex-1 font-medium">Produit ajouté au panier !</p>
          <Link
            to="/cart"
            className="shrink-0 rounded-full bg-amber-300 px-3 py-1.5 font-semibold text-stone-900 hover:bg-amber-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
          >
            Voir le panier
          </Link>
        </div>
      )}
      {feedback.kind === 'error' && (
        <div className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="flex-1">{feedback.message}</p>
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Fermer le message"
            className="-m-1 rounded-full p-1 text-red-800 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700"
          >
            <Svg className="h-4 w-4" strokeWidth={2.5}>
              <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
            </Svg>
          </button>
        </div>
      )}
    </>
  );
}
