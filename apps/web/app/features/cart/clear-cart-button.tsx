import { lazy, Suspense, useState } from 'react';
import { useFetcher } from 'react-router';

// The confirmation's dialog comes when it is asked for, not with the cart page.
const Dialog = lazy(() => import('~/components/ui/dialog').then((m) => ({ default: m.Dialog })));

/** 'Vider le panier', confirmed in a dialog first. */
export function ClearCartButton() {
  const [confirming, setConfirming] = useState(false);
  // Once asked for, the dialog stays mounted: closing it gives the focus back to the button.
  const [asked, setAsked] = useState(false);
  const fetcher = useFetcher({ key: 'cart-clear' });
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setAsked(true);
          setConfirming(true);
        }}
        className="rounded-full px-3 py-2 text-sm font-semibold text-red-700 transition hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
      >
        Vider le panier
      </button>
      {asked && (
        <Suspense fallback={null}>
          <Dialog
            open={confirming}
            onClose={() => setConfirming(false)}
            title="Vider le panier ?"
            role="alertdialog"
          >
            <p className="text-sm text-stone-700">Tous les articles seront retirés de votre panier.</p>
            <fetcher.Form
              method="post"
              onSubmit={() => setConfirming(false)}
              className="flex flex-wrap justify-end gap-2"
            >
              <input type="hidden" name="intent" value="clear" />
              <button
                type="button"
                onClick={() => setConfirming(false)}
                className="rounded-full border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-emerald-800"
              >
                Annuler
              </button>
              <button
                type="submit"
                className="rounded-full bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
              >
                Oui, vider le panier
              </button>
            </fetcher.Form>
          </Dialog>
        </Suspense>
      )}
    </>
  );
}
