import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { sameSecret } from '#shared/same-secret.ts';
import type { WaveConfig } from '../../config-payments.ts';
import {
  type NewPayment,
  type PaymentProviderClient,
  ProviderError,
  type ProviderPayment,
  providerFetch,
} from './payment-provider.ts';

// Wave's Checkout API (docs.wave.com/checkout, docs.wave.com/webhook; docs/decisions/0043): a
// checkout session per payment, `POST /v1/checkout/sessions` with the amount as a string in the
// currency's units, read by `GET /v1/checkout/sessions/:id`, found by the shop's reference with
// `GET /v1/checkout/sessions/search?client_reference=`, ended by `POST …/:id/expire`; the API key
// as a bearer. Its webhook signs each event: `Wave-Signature: t=<seconds>,v1=<hex>` where the hex
// is the HMAC-SHA256, keyed by the webhook secret, of the timestamp followed by the raw body.

const LABEL = 'Wave';

/** A checkout session, as the API answers it (what the shop reads of it). */
export const WaveSessionSchema = z.object({
  id: z.string().min(1).max(200),
  amount: z.string().max(40),
  currency: z.string().max(10),
  client_reference: z.string().max(255).nullish(),
  checkout_status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.string().max(40),
  transaction_id: z.string().max(200).nullish(),
  wave_launch_url: z.string().max(2000).nullish(),
  when_expires: z.string().max(40).nullish(),
  last_payment_error: z
    .object({ code: z.string().optional(), message: z.string().optional() })
    .loose()
    .nullish(),
});
export type WaveSession = z.infer<typeof WaveSessionSchema>;

/** Wave's error answer: `{ code, message }` ('request-validation-error', 'api-key-not-provided'…). */
const WaveErrorSchema = z.object({ code: z.string().optional(), message: z.string().optional() }).loose();

/** Whole francs from Wave's string ('1500', '1500.00'); NaN for anything else. */
const units = (amount: string) =>
  /^\d{1,12}(\.0+)?$/.test(amount) ? Number.parseInt(amount, 10) : Number.NaN;

export function toProviderPayment(session: WaveSession): ProviderPayment {
  const state =
    session.checkout_status === 'complete'
      ? session.payment_status === 'succeeded'
        ? 'succeeded'
        : 'failed'
      : session.checkout_status === 'expired'
        ? 'expired'
        : 'open';
  return {
    providerRef: session.id,
    reference: session.client_reference ?? null,
    state,
    amount: units(session.amount),
    currency: session.currency,
    transactionId: session.transaction_id ?? null,
    // Only a web address is handed to the customer's page: a provider's answer is not trusted further.
    launchUrl:
      session.wave_launch_url && /^https?:\/\//.test(session.wave_launch_url)
        ? session.wave_launch_url
        : null,
    expiresAt: session.when_expires ?? null,
    failure: session.last_payment_error?.message?.slice(0, 200) ?? null,
  };
}

export function waveClient(config: WaveConfig, currency: string): PaymentProviderClient {
  const headers = { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' };
  /** The answer's session, or a ProviderError naming Wave's error code (never the key). */
  async function call(path: string, init: RequestInit, changes: boolean): Promise<unknown> {
    const response = await providerFetch(LABEL, `${config.apiUrl}${path}`, { ...init, headers }, changes);
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return body;
    const error = WaveErrorSchema.safeParse(body);
    const code = error.success && error.data.code ? ` (${error.data.code.slice(0, 80)})` : '';
    // A refusal is Wave's answer; a 5xx may come after Wave acted (its own failure), so it is uncertain.
    throw new ProviderError(
      response.status >= 500 && changes ? 'uncertain' : response.status >= 500 ? 'unreachable' : 'refused',
      `${LABEL} a répondu ${response.status}${code}`,
    );
  }
  const session = (body: unknown) => {
    const parsed = WaveSessionSchema.safeParse(body);
    if (!parsed.success) throw new ProviderError('uncertain', `${LABEL} : réponse illisible`);
    return toProviderPayment(parsed.data);
  };
  const id = (providerRef: string) => encodeURIComponent(providerRef);
  return {
    provider: 'wave',
    currency,
    async create(payment: NewPayment) {
      const body = {
        amount: String(payment.amount),
        currency: payment.currency,
        client_reference: payment.reference,
        success_url: payment.returnUrl,
        error_url: payment.returnUrl,
      };
      return session(
        await call('/v1/checkout/sessions', { method: 'POST', body: JSON.stringify(body) }, true),
      );
    },
    async read({ providerRef }) {
      return session(await call(`/v1/checkout/sessions/${id(providerRef)}`, { method: 'GET' }, false));
    },
    async findByReference({ reference }) {
      const body = await call(
        `/v1/checkout/sessions/search?client_reference=${encodeURIComponent(reference)}`,
        { method: 'GET' },
        false,
      );
      const found = z.object({ result: z.array(z.unknown()) }).safeParse(body);
      if (!found.success) throw new ProviderError('unreachable', `${LABEL} : réponse illisible`);
      const first = found.data.result[0];
      return first === undefined ? null : session(first);
    },
    async refund({ providerRef }) {
      await call(`/v1/checkout/sessions/${id(providerRef)}/refund`, { method: 'POST' }, true);
    },
    async expire({ providerRef }) {
      await call(`/v1/checkout/sessions/${id(providerRef)}/expire`, { method: 'POST' }, true);
    },
  };
}

// ---- The webhook ----

/** How far a signed timestamp may be from now: an older event is a replay, refused. */
export const WAVE_SIGNATURE_TOLERANCE_S = 300;

/**
 * Whether `header` ('t=<seconds>,v1=<hex>[,v1=<hex>]', several while Wave rotates the secret) signs
 * exactly these bytes with `secret`, at a time within the tolerance of `nowMs`.
 */
export function validWaveSignature(
  raw: Buffer,
  header: unknown,
  secret: string,
  nowMs = Date.now(),
): boolean {
  if (typeof header !== 'string' || header.length > 2000) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => (value ?? '').toLowerCase());
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signatures.length) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WAVE_SIGNATURE_TOLERANCE_S) return false;
  const expected = createHmac('sha256', secret).update(timestamp).update(raw).digest('hex');
  // Every candidate is compared, so the time taken says nothing of which one matched.
  return signatures.map((signature) => sameSecret(signature, expected)).includes(true);
}

/** An event of Wave's webhook: its id (the same event delivered again keeps it) and the session. */
export const WaveEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100),
  data: z.unknown(),
});

/** The checkout events the shop acts on; others (merchant payments, payouts) are acknowledged and dropped. */
export const WAVE_CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.payment_failed',
]);
