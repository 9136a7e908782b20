import type { PaymentProvider } from '@souk/domain/payments';
import { neverSent } from '#shared/never-sent.ts';

// What the shop needs of a payment provider (docs/decisions/0043): create a payment for an order,
// read it again, find it by the shop's reference when the answer to its creation was lost, and
// end it. Each provider's client (wave.ts) speaks its own API and answers in these terms.

/** How long a call to a provider may take before it is given up on. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** A payment as the provider sees it, in the shop's terms. */
export type ProviderPayment = {
  /** The provider's id of it (Wave: the checkout session's 'cos-…'). */
  providerRef: string;
  /** The shop's reference it was created with (null if the provider does not echo it). */
  reference: string | null;
  state: 'open' | 'succeeded' | 'failed' | 'expired';
  /** In the currency's whole units (francs); NaN when the provider wrote something else. */
  amount: number;
  currency: string;
  transactionId: string | null;
  /** Where the customer pays it while it is open. */
  launchUrl: string | null;
  expiresAt: string | null;
  /** Why its last attempt failed, in the provider's words. */
  failure: string | null;
  /** What the provider's notifications of it will carry, kept to recognise them (Orange Money). */
  notifToken?: string | null;
};

/** A payment the shop recorded, as a provider is asked about it again. */
export type KnownPayment = {
  providerRef: string | null;
  reference: string;
  amount: number;
  currency: string;
};

export type NewPayment = {
  reference: string;
  amount: number;
  currency: string;
  /** Where the provider sends the customer back, paid or not. */
  returnUrl: string;
};

/**
 * A call that did not give an answer the shop can use: `refused` (the provider answered no: the
 * payment was not created), `unreachable` (no connection: the request never left) or `uncertain`
 * (sent, no answer: the provider may have acted on it). The message names no secret.
 */
export class ProviderError extends Error {
  readonly kind: 'refused' | 'unreachable' | 'uncertain';
  constructor(kind: ProviderError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

export interface PaymentProviderClient {
  readonly provider: PaymentProvider;
  /** The currency this provider is asked in (the shop's, or a sandbox's own). */
  readonly currency: string;
  /**
   * Its payments end without a word to the shop (no expiry the shop can ask for): the shop stops
   * waiting for one past its lifetime, and keeps asking about it a while, a success may come late.
   */
  readonly expiresLocally?: boolean;
  create(payment: NewPayment): Promise<ProviderPayment>;
  /** Where a payment created stands now (`providerRef` set). */
  read(payment: KnownPayment & { providerRef: string }): Promise<ProviderPayment>;
  /** The payment created with this reference, or null when the provider has none (or cannot say). */
  findByReference(payment: KnownPayment): Promise<ProviderPayment | null>;
  /** Ends an open payment, so that it can no longer be paid (where the provider can). */
  expire(payment: KnownPayment & { providerRef: string }): Promise<void>;
  /** Gives a successful payment's money back to the customer; absent where the provider cannot. */
  refund?(payment: KnownPayment & { providerRef: string }): Promise<void>;
}

/**
 * `fetch` with the provider's time-out, its failures in the shop's terms: no connection is
 * `unreachable`, a time-out or a dropped answer `uncertain` (unless the call changes nothing).
 */
export async function providerFetch(
  label: string,
  url: string,
  init: RequestInit,
  changes: boolean,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    if (neverSent(error)) throw new ProviderError('unreachable', `${label} injoignable`);
    throw new ProviderError(changes ? 'uncertain' : 'unreachable', `${label} n'a pas répondu à temps`);
  }
}
