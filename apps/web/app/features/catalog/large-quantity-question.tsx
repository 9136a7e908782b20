import { largeQuantityQuestion } from '@souk/domain/quantity';
import { CONFIRMED_QUANTITY_FIELD } from './product-form-state';
import { QUANTITY_FIELD_ID } from './quantity-picker';

const action =
  'inline-flex min-h-11 items-center justify-center rounded-full px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';

/**
 * 'Ajouter 25 × « Coffret », soit … ?': asked once before many units go in the cart
 * (LARGE_QUANTITY_CONFIRM), inside the product's form. 'Oui' submits the form with the quantity
 * confirmed (a post before the script has loaded carries it too); 'Changer la quantité' goes back to
 * the field.
 */
export function LargeQuantityQuestion({
  quantity,
  label,
  unitPrice,
  onChange,
}: {
  quantity: number;
  label: string;
  unitPrice: number;
  onChange: () => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3">
      <legend className="sr-only">Confirmer la quantité</legend>
      <p id="large-quantity-question" role="alert" className="text-sm font-medium text-stone-900">
        {largeQuantityQuestion(quantity, label, unitPrice)}
      </p>
      <input type="hidden" name={CONFIRMED_QUANTITY_FIELD} value={quantity} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={`${action} bg-emerald-800 text-white hover:bg-emerald-900 focus-visible:outline-emerald-800`}
        >
          Oui, ajouter {quantity}
        </button>
        <a
          href={`#${QUANTITY_FIELD_ID}`}
          onClick={(event) => {
            event.preventDefault();
            onChange();
          }}
          className={`${action} border border-stone-300 bg-white text-stone-900 hover:bg-stone-50 focus-visible:outline-emerald-800`}
        >
          Changer la quantité
        </a>
      </div>
    </fieldset>
  );
}
