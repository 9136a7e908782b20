import { Link } from 'react-router';

/** What the cart page says once 'Commander' was refused because the cart changed since it was shown. */
export type CartChanged = { message: string; changes: string[] };

/**
 * The refusal, in the page itself (drawn by the server, so it shows without JavaScript): the API's
 * message and each change it listed. The cart under it is the one reloaded, with its new prices,
 * and its 'Commander' sends that one. A cart now empty was most likely ordered from another tab.
 */
export function CartChangedAlert({ changed, cartEmpty }: { changed: CartChanged; cartEmpty: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">{changed.message}</p>
      {changed.changes.length > 0 && (
        <ul className="list-disc pl-5">
          {changed.changes.map((change, index) => (
            // Two lines may read alike (two products gone, both unnamed): keyed by place.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn once, never reordered
            <li key={index}>{change}</li>
          ))}
        </ul>
      )}
      {cartEmpty ? (
        <p>
          Vous l’avez peut-être déjà commandé depuis un autre onglet : retrouvez-le dans{' '}
          <Link to="/profile" className="font-semibold underline hover:text-amber-800">
            Mes Commandes
          </Link>
          .
        </p>
      ) : (
        <p>Le panier ci-dessous est à jour : vérifiez-le, puis commandez à nouveau.</p>
      )}
    </div>
  );
}
