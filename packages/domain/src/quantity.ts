import { CART_LINE_MAX_QUANTITY } from './limits.ts';
import { formatFcfa } from './money.ts';

// A quantity as a customer types it on the product page (docs/decisions/0039): read as she meant
// it or refused with why, never turned into another number ('2.5' is not 25). Free of zod so the
// product page's code can say it before 'Ajouter au panier'; the API's QuantitySchema refuses with
// the same words.

export const QUANTITY_NOT_WHOLE = 'La quantité doit être un nombre entier';
export const QUANTITY_TOO_SMALL = 'La quantité doit être au moins 1';
export const QUANTITY_TOO_LARGE = `La quantité ne peut pas dépasser ${CART_LINE_MAX_QUANTITY}`;

/** What the field holds: a whole number from 1 (spaces around it aside), or why it is not one. */
export function readQuantity(text: string): { quantity: number } | { problem: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { problem: QUANTITY_NOT_WHOLE };
  const quantity = Number(trimmed);
  if (quantity < 1) return { problem: QUANTITY_TOO_SMALL };
  if (quantity > CART_LINE_MAX_QUANTITY) return { problem: QUANTITY_TOO_LARGE };
  return { quantity };
}

/** Whether adding `quantity` units asks first: above the shop's `threshold`, until she confirmed this quantity. */
export const asksToConfirm = (quantity: number, threshold: number, confirmed: boolean) =>
  quantity > threshold && !confirmed;

/** Said when a quantity typed is more than the stock holds: it is brought down to what is left. */
export const onlyLeft = (left: number, label: string) =>
  `Il ne reste que ${left} « ${label} » en stock : la quantité est ramenée à ${left}.`;

/** The question before adding many units at once (above LARGE_QUANTITY_CONFIRM), asked once. */
export const largeQuantityQuestion = (quantity: number, label: string, unitPrice: number) =>
  `Ajouter ${quantity} × « ${label} », soit ${formatFcfa(quantity * unitPrice)} ?`;
