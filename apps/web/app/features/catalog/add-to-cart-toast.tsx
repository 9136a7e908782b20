import { lazy, Suspense } from 'react';
import type { AddToCartFeedback } from './use-add-to-cart';

// The message's code comes with the first add to cart, not with the page.
const AddToCartMessage = lazy(() =>
  import('./add-to-cart-message').then((m) => ({ default: m.AddToCartMessage })),
);

/** The add-to-cart outcome: a success toast with a way to the cart, or the error in words. */
export function AddToCartToast({
  feedback,
  onDismiss,
}: {
  feedback: AddToCartFeedback;
  onDismiss: () => void;
}) {
  return (
    // Always in the DOM so screen readers announce each change of the live region.
    <div role="status" aria-live="polite" className="contents">
      {feedback && (
        <Suspense fallback={null}>
          <AddToCartMessage feedback={feedback} onDismiss={onDismiss} />
        </Suspense>
      )}
    </div>
  );
}
