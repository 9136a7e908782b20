import type { Cancellation } from './order-status.ts';
import { oneLine } from './text.ts';

// Why an order waits or was cancelled, as a customer reads it: the unpaid deadline said where she
// pays, and who cancelled and why. Apart from the status messages (order-messages.ts) so the
// storefront's pages say them without the phone formatting those messages carry.

/** '72 h', '30 min', '7 j', '20 s': UNPAID_ORDER_TIMEOUT as a customer reads it. */
export function formatDelay(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'j'],
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1000, 's'],
  ];
  // Whole hours up to three days read better than days: '72 h', not '3 j'.
  for (const [size, unit] of units) {
    if (unit === 'j' && ms <= 3 * 86_400_000) continue;
    if (ms >= size && ms % size === 0) return `${ms / size} ${unit}`;
  }
  return `${Math.max(1, Math.round(ms / 1000))} s`;
}

/**
 * What becomes of an order waiting unpaid, where the customer is told how to pay (the success
 * page, 'Mes Commandes', the terms, the 'en_attente' message): the shop's release after
 * UNPAID_ORDER_TIMEOUT, in words that agree with paying at the agency (the shop confirms such an
 * order, and a confirmed order is not released). Null when the timeout is off.
 */
export function unpaidDeadlineNotice(unpaidTimeoutMs: number): string | null {
  if (unpaidTimeoutMs <= 0) return null;
  return UNPAID_DEADLINE_WORDS.join(formatDelay(unpaidTimeoutMs));
}

/** The same sentence as the words around the delay (the status message makes the delay a template variable). */
export const UNPAID_DEADLINE_WORDS = [
  'Une commande ni payée ni confirmée par la boutique dans les ',
  " est annulée et ses articles remis en vente. Vous paierez à l'agence ? Dites-le-nous sur WhatsApp : nous la confirmons et elle vous attend.",
] as const;

/**
 * Why a cancelled order was cancelled: as the customer reads it ('Mes Commandes', the messages), or
 * as the shop reads it (`reader` 'shop': the back office's orders screen), where 'à votre demande'
 * would name the owner.
 */
export function cancellationLine(
  cancellation: Cancellation,
  unpaidTimeoutMs: number,
  reader: 'customer' | 'shop' = 'customer',
): string {
  switch (cancellation.by) {
    case 'customer':
      return reader === 'shop' ? 'Annulée par le client' : 'Annulée à votre demande';
    case 'system':
      return unpaidTimeoutMs > 0
        ? `Annulée faute de paiement dans les ${formatDelay(unpaidTimeoutMs)}`
        : 'Annulée faute de paiement';
    case 'shop':
      return cancellation.reason
        ? `Annulée par la boutique : ${oneLine(cancellation.reason)}`
        : 'Annulée par la boutique';
  }
}
