import type { CartItem } from '@souk/domain/cart';
import type { ShownCart } from '@souk/domain/cart-changes';
import { ORDER_NOTES_MAX_LENGTH } from '@souk/domain/limits';
import { formatFcfa } from '@souk/domain/money';
import { deliveryShortForm } from '@souk/domain/shop';
import { useId } from 'react';
import { Form, useNavigation } from 'react-router';

/**
 * The cart as this page shows it, for 'Commander' (ADR 0037): one hidden field of compact JSON, so
 * it goes with the form before or without JavaScript; the checkout refuses a cart that differs.
 */
const shownCart = (items: CartItem[], totalPrice: number): string =>
  JSON.stringify({
    lines: items.map((item) => ({
      product_id: item.product_id,
      variant_id: item.variant_id,
      quantity: item.quantity,
      unit_price: item.unit_price,
    })),
    total_amount: totalPrice,
  } satisfies ShownCart);

/** Totals and the order button (delivery as the shop's terms say, taxes included, whole FCFA). */
export function CartSummary({
  items,
  totalItems,
  totalPrice,
  sessionId,
  registered,
  disabled,
  deliveryTerms,
  notes,
}: {
  /** The lines as shown (quantities being changed included): what 'Commander' orders. */
  items: CartItem[];
  totalItems: number;
  totalPrice: number;
  sessionId: string | null;
  registered: boolean;
  disabled: boolean;
  /** DELIVERY_TERMS, said as the product page and the status messages say them. */
  deliveryTerms: string;
  /** The note kept with the cart (typed before registering or logging in). */
  notes: string | null;
}) {
  const notesId = useId();
  const navigation = useNavigation();
  const ordering = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'checkout';
  return (
    <section
      aria-labelledby="cart-summary-title"
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 lg:sticky lg:top-20"
    >
      <h2 id="cart-summary-title" className="text-lg font-semibold text-stone-900">
        Récapitulatif
      </h2>
      <dl className="flex flex-col gap-2 text-sm text-stone-700">
        <div className="flex justify-between gap-2">
          <dt>Total articles</dt>
          <dd className="font-semibold text-stone-900">{totalItems}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>Sous-total</dt>
          <dd className="font-semibold text-stone-900">{formatFcfa(totalPrice)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>Livraison</dt>
          <dd className="text-right font-semibold text-emerald-800">{deliveryShortForm(deliveryTerms)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>Taxes</dt>
          <dd>Taxes incluses</dd>
        </div>
        <div className="mt-1 flex items-baseline justify-between gap-2 border-t border-stone-200 pt-3">
          <dt className="text-base font-semibold text-stone-900">Total</dt>
          <dd className="text-xl font-bold text-emerald-900" data-testid="cart-total">
            {formatFcfa(totalPrice)}
          </dd>
        </div>
      </dl>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="checkout" />
        <input type="hidden" name="expected" value={shownCart(items, totalPrice)} />
        {sessionId && <input type="hidden" name="session_id" value={sessionId} />}
        {registered && <input type="hidden" name="registered" value="1" />}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={notesId} className="text-sm font-medium text-stone-800">
            Note pour la boutique <span className="font-normal text-stone-600">(facultatif)</span>
          </label>
          <textarea
            id={notesId}
            name="notes"
            rows={2}
            defaultValue={notes ?? ''}
            maxLength={ORDER_NOTES_MAX_LENGTH}
            className="rounded-xl border border-stone-300 px-3 py-2 text-sm text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-800"
          />
        </div>
        <button
          type="submit"
          disabled={disabled || ordering}
          className="flex min-h-12 items-center justify-center rounded-full bg-emerald-800 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
        >
          {ordering ? 'Commande en cours…' : 'Commander'}
        </button>
        <p className="text-center text-xs text-stone-600">
          Nous vous contactons sur WhatsApp pour la livraison et le paiement.
        </p>
      </Form>
    </section>
  );
}
