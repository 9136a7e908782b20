import { z } from 'zod';
import { CART_MAX_LINES, ORDER_TOTAL_MAX } from './limits.ts';
import { formatCount, formatFcfa } from './money.ts';
import { idSchema, PriceSchema, QuantitySchema, wholeNumber } from './primitives.ts';

// 'The price she saw is the price she pays' (ADR 0037): the cart page sends the cart as it showed it
// with 'Commander', and the checkout compares it with the cart as it is under its locks. Any
// difference refuses the order (409) and says, in French, what changed.

export type CartLineRef = { product_id: number; variant_id: number | null };

/** One cart has one line per product and variant: that pair is what a shown line is matched by. */
export const lineKey = (ref: CartLineRef) => `${ref.product_id}:${ref.variant_id ?? ''}`;

/** A cart line as the page showed it: which product (and variant), how many, at what unit price. */
export const ShownCartLineSchema = z.object({
  product_id: idSchema('Produit invalide'),
  variant_id: z.preprocess(
    (v) => (v === undefined || v === '' ? null : v),
    idSchema('Variante invalide').nullable(),
  ),
  quantity: QuantitySchema,
  unit_price: PriceSchema,
});
export type ShownCartLine = z.infer<typeof ShownCartLineSchema>;

const SHOWN_TOTAL_INVALID = 'Le total affiché est invalide';

/** The cart as the page showed it with its total; at most CART_MAX_LINES lines, each product once. */
export const ShownCartSchema = z.object({
  lines: z
    .array(ShownCartLineSchema, { error: 'Les lignes du panier affiché sont invalides' })
    .max(CART_MAX_LINES, { error: `Le panier affiché ne peut pas avoir plus de ${CART_MAX_LINES} lignes` })
    .refine((lines) => new Set(lines.map(lineKey)).size === lines.length, {
      error: 'Le panier affiché contient deux fois le même article',
    }),
  total_amount: wholeNumber(SHOWN_TOTAL_INVALID).pipe(
    z.number().min(0, { error: SHOWN_TOTAL_INVALID }).max(ORDER_TOTAL_MAX, { error: SHOWN_TOTAL_INVALID }),
  ),
});
export type ShownCart = z.infer<typeof ShownCartSchema>;

/** The refusal's message; the list of what changed goes in the envelope's `errors.cart`. */
export const CART_CHANGED = 'Votre panier a changé depuis son affichage : vérifiez-le avant de commander';

/** A line of the cart as it is now, named as the shop names it ('Savon noir – 250 g'). */
export type CurrentCartLine = CartLineRef & { quantity: number; unit_price: number; label: string };

/** The shown lines no longer in the cart (the checkout looks their names up in the catalogue). */
export function goneLines(shown: ShownCart, current: readonly CartLineRef[]): CartLineRef[] {
  const present = new Set(current.map(lineKey));
  return shown.lines.filter((line) => !present.has(lineKey(line)));
}

const quoted = (label: string) => `« ${label} »`;

/**
 * What differs between the cart she was shown and the cart now, in French, in the shown lines'
 * order then the new lines', and the new total last (none when the cart is now empty: the lines
 * gone say it). [] when they match. `goneLabels` names the lines gone, by `lineKey`.
 */
export function cartChanges(
  shown: ShownCart,
  current: readonly CurrentCartLine[],
  goneLabels: ReadonlyMap<string, string> = new Map(),
): string[] {
  const now = new Map(current.map((line) => [lineKey(line), line]));
  const before = new Set(shown.lines.map(lineKey));
  const changes: string[] = [];
  for (const line of shown.lines) {
    const key = lineKey(line);
    const found = now.get(key);
    if (!found) {
      const label = goneLabels.get(key);
      changes.push(
        label ? `${quoted(label)} n'est plus dans votre panier` : "Un article n'est plus dans votre panier",
      );
      continue;
    }
    if (found.unit_price !== line.unit_price)
      changes.push(
        `Le prix de ${quoted(found.label)} est passé de ${formatCount(line.unit_price)} à ${formatFcfa(found.unit_price)}`,
      );
    if (found.quantity !== line.quantity)
      changes.push(
        `La quantité de ${quoted(found.label)} est passée de ${line.quantity} à ${found.quantity}`,
      );
  }
  for (const line of current) {
    if (!before.has(lineKey(line))) changes.push(`${quoted(line.label)} a été ajouté à votre panier`);
  }
  const total = current.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
  // A total that no line explains (a page's sum gone wrong) is still a difference.
  if ((changes.length && current.length) || (!changes.length && total !== shown.total_amount))
    changes.push(`Nouveau total : ${formatFcfa(total)}`);
  return changes;
}
