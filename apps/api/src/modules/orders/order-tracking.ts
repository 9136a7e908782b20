import { createHash, createHmac } from 'node:crypto';
import type { ShopContact } from '@souk/domain/order-messages';
import { trackingPath } from '@souk/domain/order-tracking';
import type { WhatsappConfig } from '../../config.ts';
import type { PaymentClients } from '../payments/payments.service.ts';

// An order's tracking link (docs/decisions/0040-order-tracking-link.md). The token is derived, not
// drawn: an HMAC of the order's id and its link's version under a key of the server's, so the shop
// can write it again into any later message without keeping it. The database keeps only its
// SHA-256 digest, which finds the order: a copy of the database (a backup) holds no working link.

/** 18 bytes of the HMAC: 144 bits, 24 characters of base64url. */
const TOKEN_BYTES = 18;

/** The part of an order row its link is made from. */
export type TrackedRow = { id: number; tracking_version: number };

export type OrderTracking = {
  /** The order's current token. */
  tokenOf(order: TrackedRow): string;
  /** Its link at the shop's public address ('https://…/suivi/<token>'). */
  urlOf(order: TrackedRow): string;
  /** What the database keeps of a token, and looks it up by. */
  digestOf(token: string): string;
};

/**
 * The links of a shop whose key is `secret` (the cookie key: one secret to keep, see cookie-secret.ts)
 * and whose public address is `publicUrl`. The key is derived for this use alone, so a token is
 * never a valid cookie signature or digest, nor the other way round.
 */
export function orderTracking(secret: string, publicUrl: string): OrderTracking {
  const key = createHmac('sha256', secret).update('souk order tracking link').digest();
  const tokenOf = (order: TrackedRow) =>
    createHmac('sha256', key)
      .update(`${order.id}\n${order.tracking_version}`)
      .digest()
      .subarray(0, TOKEN_BYTES)
      .toString('base64url');
  return {
    tokenOf,
    urlOf: (order) => `${publicUrl}${trackingPath(tokenOf(order))}`,
    digestOf: (token) => createHash('sha256').update(token).digest('hex'),
  };
}

/**
 * What an order's answers and messages need of the shop: its contact details, its links, and the
 * WhatsApp Cloud API when it sends its own messages (null: the owner's taps).
 */
export type OrderContext = MessageContext & {
  /** The payment providers configured (modules/payments). */
  payments: PaymentClients;
};

/** What a message about an order needs: the shop's details, the order's link, the Cloud API. */
export type MessageContext = { shop: ShopContact; tracking: OrderTracking; whatsapp: WhatsappConfig | null };
