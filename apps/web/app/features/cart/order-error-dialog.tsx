import { isTooManyAttempts } from '@souk/domain/account-messages';
import { useEffect, useState } from 'react';
import { Dialog } from '~/components/ui/dialog';

/**
 * The dialog's title: an order refused past the limit (429, whose words say when and where else to
 * order) is no validation error.
 */
export const orderErrorTitle = (message: string) =>
  isTooManyAttempts(message) ? 'Commande impossible pour le moment' : 'Erreur de validation';

/** The order failure: title 'Erreur de validation' (or orderErrorTitle's), only 'Retour au panier'. */
export function OrderErrorDialog({ failure }: { failure: { orderError: string } | null }) {
  const [open, setOpen] = useState(Boolean(failure));
  // Each failed attempt (a new action result) opens it again, even with the same message.
  useEffect(() => setOpen(Boolean(failure)), [failure]);
  const message = failure?.orderError ?? '';
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title={orderErrorTitle(message)} role="alertdialog">
      <p className="text-sm text-stone-700">{message}</p>
      <button
        type="button"
        onClick={() => setOpen(false)}
        className="self-end rounded-full bg-emerald-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
      >
        Retour au panier
      </button>
    </Dialog>
  );
}
