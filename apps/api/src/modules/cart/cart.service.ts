import { randomBytes } from 'node:crypto';
import type { AddToCartInput, Cart, CartItem } from '@souk/domain/cart';
import { CART_LINE_MAX_QUANTITY, CART_MAX_LINES } from '@souk/domain/limits';
import { itemLabel } from '@souk/domain/text';
import { AppError } from '#shared/app-error.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sellability } from '../catalog/catalog-rules.ts';
import { findSellable, withItemFacts } from '../catalog/stock.service.ts';
import { type CartLineRow, toCartItem, toCartSummary } from './cart.mapper.ts';
import * as repo from './cart.repository.ts';

/**
 * Who a cart call acts for: a signed-in user (whose cart absorbs the guest cart of `sessionId`
 * when one is sent), or a guest identified by `sessionId` (a new one is made when absent).
 */
export type CartCaller = { userId?: number; sessionId?: string };

const UNAVAILABLE = 'Produit non disponible';
export const EMPTY_CART = 'Votre panier est vide';
export const TOO_MANY_LINES = `Votre panier ne peut pas contenir plus de ${CART_MAX_LINES} produits différents`;
/** A guest cart id: 144 random bits, base64url. */
export const newSessionId = () => randomBytes(18).toString('base64url');

// The orders module names its lines as the cart does.
export { itemLabel };
export const insufficientStock = (label: string, left: number) =>
  new AppError('conflict', `Stock insuffisant pour « ${label} » : ${left} disponible(s)`);

export type { CartOwner, CartOwners } from './cart.repository.ts';
// The checkout (orders module) finds, locks and empties the cart it turns into an order.
// The housekeeping timer's purge of abandoned guest carts.
export { deleteStaleGuestCarts, ensureCartId, findCartId, lockCart } from './cart.repository.ts';

/** The cart's lines in the order they were added, with their products' facts from the catalogue. */
export async function findLines(db: DbOrTx, cartId: number): Promise<CartLineRow[]> {
  return withItemFacts(db, await repo.findItems(db, cartId));
}

async function findLine(db: DbOrTx, cartId: number, lineId: number): Promise<CartLineRow | null> {
  const item = await repo.findItem(db, cartId, lineId);
  return item ? ((await withItemFacts(db, [item]))[0] ?? null) : null;
}

/** Its lines and its note go: an order took them, or 'Vider le panier' (a note would greet the next cart). */
export async function emptyCart(tx: DbOrTx, cartId: number) {
  await repo.deleteLines(tx, cartId);
  await repo.setNotes(tx, cartId, null);
}

/** The products in the caller's cart(s), for the cart's suggestions. */
export const findCartProductIds = (db: DbOrTx, owners: repo.CartOwners) =>
  repo.findCartProductIds(db, owners);

/**
 * Moves a guest cart into a user's cart (docs/decisions/0005-cart-merge.md): the same product and
 * variant add their quantities, capped at the stock left; the guest cart is then deleted.
 */
export async function mergeGuestCart(tx: DbOrTx, sessionId: string, userId: number) {
  const guest = await repo.findCart(tx, { sessionId });
  if (guest === null) return;
  const guestCartId = guest.id;
  const lines = await findLines(tx, guestCartId);
  if (lines.length || guest.notes) {
    const userCartId = await repo.ensureCartId(tx, { userId });
    await repo.lockCart(tx, userCartId);
    // The note typed last, as a guest just before registering or logging in, is the one meant.
    if (guest.notes) await repo.setNotes(tx, userCartId, guest.notes);
    let lineCount = await repo.countLines(tx, userCartId);
    for (const line of lines) {
      // A product the user's cart lacks is a new line: none past CART_MAX_LINES (the rest stays out).
      const isNew = (await repo.lineQuantity(tx, userCartId, line.product_id, line.variant_id)) === 0;
      if (isNew && lineCount >= CART_MAX_LINES) continue;
      if (isNew) lineCount += 1;
      const cap =
        line.variant_id !== null && line.stock_quantity !== null
          ? Math.max(1, Math.min(line.stock_quantity, CART_LINE_MAX_QUANTITY))
          : CART_LINE_MAX_QUANTITY;
      await repo.addToLine(
        tx,
        userCartId,
        line.product_id,
        line.variant_id,
        Math.min(line.quantity, cap),
        cap,
      );
    }
  }
  await repo.deleteCart(tx, guestCartId);
}

/**
 * The caller's cart id (null when the caller has none yet), after merging the guest cart of
 * `sessionId` into a signed-in user's. Callers run it in the transaction of the whole call, so a
 * refused call leaves both carts as they were.
 */
async function callerCart(tx: DbOrTx, caller: CartCaller) {
  if (caller.userId !== undefined) {
    const { userId, sessionId } = caller;
    if (sessionId) await mergeGuestCart(tx, sessionId, userId);
    const cart = await repo.findCart(tx, { userId });
    return { cartId: cart?.id ?? null, notes: cart?.notes ?? null, sessionId: sessionId ?? null };
  }
  // A guest cart id is only ever made here: an id the server did not issue (no such cart) is
  // ignored and a new one is issued, so nobody can choose the id of a cart to come.
  const known = caller.sessionId ? await repo.findCart(tx, { sessionId: caller.sessionId }) : null;
  if (known !== null) return { cartId: known.id, notes: known.notes, sessionId: caller.sessionId as string };
  return { cartId: null, notes: null, sessionId: newSessionId() };
}

async function cartContents(
  db: DbOrTx,
  cart: { cartId: number | null; notes: string | null; sessionId: string | null },
): Promise<Cart> {
  const items = cart.cartId === null ? [] : (await findLines(db, cart.cartId)).map(toCartItem);
  return { items, summary: toCartSummary(items), session_id: cart.sessionId, notes: cart.notes };
}

export async function getCart(db: Db, caller: CartCaller): Promise<Cart> {
  const read = async (handle: DbOrTx) => cartContents(handle, await callerCart(handle, caller));
  // Every page shows the cart badge: only a merge (a user with a guest cart) needs a transaction.
  const merges = caller.userId !== undefined && caller.sessionId !== undefined;
  return merges ? db.transaction(read) : read(db);
}

/** Checks that a product (and variant) can be sold in `quantity`; answers its stock (null = unlimited). */
async function assertSellable(db: DbOrTx, productId: number, variantId: number | null, quantity: number) {
  const row = await findSellable(db, productId, variantId);
  if (!row) throw new AppError('not_found', UNAVAILABLE);
  // The asked variant id, even one that no longer exists, is what is judged.
  const verdict = sellability({ ...row, variant_id: variantId }, quantity);
  if (verdict.sellable) return;
  switch (verdict.reason) {
    case 'variant_required':
      throw new AppError('validation', 'Veuillez sélectionner une variante');
    case 'foreign_variant':
      throw new AppError('validation', "Cette variante n'appartient pas à ce produit", {
        variant_id: ["Cette variante n'appartient pas à ce produit"],
      });
    case 'insufficient_stock':
      throw insufficientStock(itemLabel(row.product_name, row.variant_name), verdict.stock);
    default:
      throw new AppError('not_found', UNAVAILABLE);
  }
}

export async function addItem(
  db: Db,
  caller: CartCaller,
  input: AddToCartInput,
): Promise<{ cart_item: CartItem; session_id: string | null; summary: Cart['summary'] }> {
  return db.transaction(async (tx) => {
    const variantId = input.variant_id ?? null;
    const { cartId: existing, sessionId } = await callerCart(tx, caller);
    // Locked so two simultaneous adds cannot both take the last free line.
    if (existing !== null) await repo.lockCart(tx, existing);
    const already =
      existing === null ? 0 : await repo.lineQuantity(tx, existing, input.product_id, variantId);
    const wanted = already + input.quantity;
    await assertSellable(tx, input.product_id, variantId, wanted);
    if (wanted > CART_LINE_MAX_QUANTITY) {
      throw new AppError('validation', `La quantité ne peut pas dépasser ${CART_LINE_MAX_QUANTITY}`);
    }
    if (already === 0 && existing !== null && (await repo.countLines(tx, existing)) >= CART_MAX_LINES) {
      throw new AppError('validation', TOO_MANY_LINES);
    }
    const owner =
      caller.userId !== undefined ? { userId: caller.userId } : { sessionId: sessionId as string };
    const cartId = existing ?? (await repo.ensureCartId(tx, owner));
    const lineId = await repo.addToLine(
      tx,
      cartId,
      input.product_id,
      variantId,
      input.quantity,
      CART_LINE_MAX_QUANTITY,
    );
    const cart = await cartContents(tx, { cartId, notes: null, sessionId });
    const item = cart.items.find((i) => i.id === lineId);
    if (!item) throw new Error('cart line vanished');
    return { cart_item: item, session_id: sessionId, summary: cart.summary };
  });
}

async function callerLine(tx: DbOrTx, caller: CartCaller, lineId: number) {
  const { cartId, notes, sessionId } = await callerCart(tx, caller);
  const line = cartId === null ? null : await findLine(tx, cartId, lineId);
  if (cartId === null || !line) throw new AppError('not_found', 'Article non trouvé dans le panier');
  return { cartId, notes, sessionId, line };
}

export async function updateItem(db: Db, caller: CartCaller, lineId: number, quantity: number) {
  return db.transaction(async (tx) => {
    const { cartId, sessionId, line } = await callerLine(tx, caller, lineId);
    if (quantity > line.quantity) await assertSellable(tx, line.product_id, line.variant_id, quantity);
    await repo.setLineQuantity(tx, lineId, quantity);
    const cart = await cartContents(tx, { cartId, notes: null, sessionId });
    return {
      cart_item: cart.items.find((i) => i.id === lineId),
      session_id: sessionId,
      summary: cart.summary,
    };
  });
}

export async function removeItem(db: Db, caller: CartCaller, lineId: number): Promise<Cart> {
  return db.transaction(async (tx) => {
    const found = await callerLine(tx, caller, lineId);
    await repo.deleteLine(tx, found.cartId, lineId);
    return cartContents(tx, found);
  });
}

/** 'Vider le panier': its lines and its note go (an empty cart's note would greet the next one). */
export async function clearCart(db: Db, caller: CartCaller): Promise<Cart> {
  return db.transaction(async (tx) => {
    const { cartId, sessionId } = await callerCart(tx, caller);
    if (cartId !== null) await emptyCart(tx, cartId);
    return cartContents(tx, { cartId: null, notes: null, sessionId });
  });
}

/**
 * Keeps the note typed in the cart with it, so it survives quick registration and login as the
 * cart does; an empty note removes it. A note is for an order to come: a caller without a cart
 * (a guest whose cart is gone) is told the cart is empty, and nothing is made.
 */
export async function setCartNotes(db: Db, caller: CartCaller, notes: string | undefined): Promise<Cart> {
  return db.transaction(async (tx) => {
    const found = await callerCart(tx, caller);
    if (found.cartId === null) throw new AppError('validation', EMPTY_CART);
    await repo.setNotes(tx, found.cartId, notes ?? null);
    return cartContents(tx, { ...found, notes: notes ?? null });
  });
}
