import { z } from 'zod';
import type { OrangeMoneyConfig } from '../../config-payments.ts';
import {
  type KnownPayment,
  type NewPayment,
  type PaymentProviderClient,
  ProviderError,
  type ProviderPayment,
  providerFetch,
} from './payment-provider.ts';

// Orange Money's Web Payment API (developer.orange.com, 'Orange Money Web Payment / M Payment';
// docs/decisions/0043): an OAuth token (`POST /oauth/v3/token`, the application's id and secret
// as Basic, `grant_type=client_credentials`), then `POST /orange-money-webpay/{country}/v1/webpayment`
// with the merchant key, the order's id and amount and three addresses, answered with a `pay_token`,
// the `payment_url` the customer pays at and a `notif_token`; `POST …/transactionstatus` with the
// order's id, amount and pay_token says where it stands (INITIATED, PENDING, SUCCESS, FAILED,
// EXPIRED). Its notification (`{ status, notif_token, txnid }`) is not signed: the shop checks the
// notif_token it kept, then asks the transaction's status, which alone it believes.

const LABEL = 'Orange Money';

/** A payment page Orange Money keeps open about this long: the shop's own lifetime for it. */
export const ORANGE_MONEY_LIFETIME_MS = 30 * 60_000;
/** A token is asked again this long before Orange says it ends. */
const TOKEN_MARGIN_MS = 60_000;

const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().optional() });
const WebPaymentSchema = z.object({
  pay_token: z.string().min(1).max(200),
  payment_url: z.string().min(1).max(2000),
  notif_token: z.string().min(1).max(200),
});
const StatusSchema = z.object({
  status: z.string().max(40),
  order_id: z.string().max(255).optional(),
  txnid: z.string().max(200).nullish(),
});

/** Orange Money's states, in the shop's terms. */
const STATES: Record<string, ProviderPayment['state']> = {
  INITIATED: 'open',
  PENDING: 'open',
  SUCCESS: 'succeeded',
  FAILED: 'failed',
  EXPIRED: 'expired',
};

/** The notification Orange Money posts to `notif_url` (what the shop reads of it). */
export const OrangeMoneyNotificationSchema = z.object({
  status: z.string().max(40),
  notif_token: z.string().min(1).max(200),
  txnid: z.string().max(200).nullish(),
});

/** The address the shop gives Orange Money for a payment's notification: it names the payment. */
export const orangeMoneyNotifyUrl = (publicUrl: string, reference: string) =>
  `${publicUrl}/api/payments/orange-money/notification?reference=${encodeURIComponent(reference)}`;

export function orangeMoneyClient(config: OrangeMoneyConfig, publicUrl: string): PaymentProviderClient {
  const base = `${config.apiUrl}/orange-money-webpay/${config.country}/v1`;
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const response = await providerFetch(
      LABEL,
      `${config.apiUrl}/oauth/v3/token`,
      {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      },
      false,
    );
    const parsed = TokenSchema.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success)
      throw new ProviderError('refused', `${LABEL} refuse l'accès de l'application (${response.status})`);
    const lifetimeMs = (parsed.data.expires_in ?? 3600) * 1000;
    token = { value: parsed.data.access_token, until: Date.now() + lifetimeMs - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** A call with the token; a token refused (revoked, expired early) is asked again once. */
  async function call(path: string, body: object, changes: boolean, retried = false): Promise<unknown> {
    const response = await providerFetch(
      LABEL,
      `${base}${path}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
      },
      changes,
    );
    if (response.status === 401 && !retried) {
      token = null;
      return call(path, body, changes, true);
    }
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok) return answer;
    const code = z
      .object({ code: z.union([z.string(), z.number()]) })
      .loose()
      .safeParse(answer);
    throw new ProviderError(
      response.status >= 500 ? (changes ? 'uncertain' : 'unreachable') : 'refused',
      `${LABEL} a répondu ${response.status}${code.success ? ` (${String(code.data.code).slice(0, 40)})` : ''}`,
    );
  }

  async function read(payment: KnownPayment & { providerRef: string }): Promise<ProviderPayment> {
    const answer = StatusSchema.safeParse(
      await call(
        '/transactionstatus',
        { order_id: payment.reference, amount: payment.amount, pay_token: payment.providerRef },
        false,
      ),
    );
    if (!answer.success) throw new ProviderError('unreachable', `${LABEL} : réponse illisible`);
    const state = STATES[answer.data.status];
    if (!state) throw new ProviderError('unreachable', `${LABEL} : état inconnu`);
    return {
      providerRef: payment.providerRef,
      // Orange Money answers for this order id, amount and token only: they are the payment's.
      reference: payment.reference,
      state,
      amount: payment.amount,
      currency: payment.currency,
      transactionId: answer.data.txnid ?? null,
      launchUrl: null,
      expiresAt: null,
      failure: state === 'failed' ? 'refusé par Orange Money' : null,
    };
  }

  return {
    provider: 'orange_money',
    currency: config.currency,
    expiresLocally: true,
    async create(payment: NewPayment) {
      const answer = WebPaymentSchema.safeParse(
        await call(
          '/webpayment',
          {
            merchant_key: config.merchantKey,
            currency: payment.currency,
            order_id: payment.reference,
            amount: payment.amount,
            return_url: payment.returnUrl,
            cancel_url: payment.returnUrl,
            notif_url: orangeMoneyNotifyUrl(publicUrl, payment.reference),
            lang: 'fr',
            reference: 'Souk',
          },
          true,
        ),
      );
      if (!answer.success) throw new ProviderError('uncertain', `${LABEL} : réponse illisible`);
      const url = answer.data.payment_url;
      return {
        providerRef: answer.data.pay_token,
        reference: payment.reference,
        state: 'open',
        amount: payment.amount,
        currency: payment.currency,
        transactionId: null,
        // Only a web address is handed to the customer's page.
        launchUrl: /^https?:\/\//.test(url) ? url : null,
        expiresAt: new Date(Date.now() + ORANGE_MONEY_LIFETIME_MS).toISOString(),
        failure: null,
        notifToken: answer.data.notif_token,
      };
    },
    read,
    // Orange Money finds a payment by its token only: one whose creation lost its answer cannot be
    // found, and nobody can pay it either (its page's address was lost with the answer).
    async findByReference(payment) {
      return payment.providerRef === null ? null : read({ ...payment, providerRef: payment.providerRef });
    },
    // Its pages end by themselves; the shop stops waiting for one past its lifetime.
    async expire() {},
  };
}
