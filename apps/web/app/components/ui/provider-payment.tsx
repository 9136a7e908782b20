import type { OrderStatus } from '@souk/domain/order-status';
import {
  isPayable,
  type OrderPayment,
  PAYMENT_PENDING,
  PAYMENT_PROVIDER_LABELS,
  type PaymentProvider,
} from '@souk/domain/payments';

// 'Payer avec Wave' (docs/decisions/0043): a plain form posted to the order's tracking page, whose
// action asks the API for the provider's payment page and sends the customer there. No script
// needed: it works before the page's code has loaded, or without it.

const button =
  'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';
const STYLES: Record<PaymentProvider, string> = {
  wave: 'bg-sky-700 text-white hover:bg-sky-800 focus-visible:outline-sky-700',
  orange_money: 'bg-orange-700 text-white hover:bg-orange-800 focus-visible:outline-orange-700',
};

/** The path of an order's tracking link ('/suivi/<token>'), where its payment forms post. */
export const trackingPathOf = (trackingUrl: string) => new URL(trackingUrl).pathname;

/**
 * One button per provider the shop offers, for an order she may still pay that way ('en_attente'
 * or 'acceptée', unpaid). `action`: the order's tracking path (omitted on the tracking page itself).
 */
export function ProviderPayButtons({
  order,
  providers,
  action,
  orderNumber,
}: {
  order: { status: OrderStatus; paid_at: string | null };
  providers: readonly PaymentProvider[];
  action?: string;
  /** Said to screen readers where several orders are listed. */
  orderNumber?: string;
}) {
  if (!providers.length || !isPayable(order)) return null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {providers.map((provider) => (
        <form key={provider} method="post" action={action} className="flex-1">
          <input type="hidden" name="provider" value={provider} />
          <button type="submit" className={`${button} ${STYLES[provider]}`}>
            Payer avec {PAYMENT_PROVIDER_LABELS[provider]}
            {orderNumber && <span className="sr-only"> la commande {orderNumber}</span>}
          </button>
        </form>
      ))}
    </div>
  );
}

/** 'Paiement en cours de confirmation…' while a provider's payment is open and the order unpaid. */
export function PaymentPendingNotice({ payment }: { payment: OrderPayment }) {
  if (!payment.pending) return null;
  return (
    <p role="status" className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
      {PAYMENT_PENDING} ({PAYMENT_PROVIDER_LABELS[payment.pending]})
    </p>
  );
}

/**
 * On her way to the provider: the page opens its payment page at once (a refresh, allowed where a
 * form's redirect is not, and which leaves no form to post again behind it), with the link should
 * the phone not follow.
 */
export function ProviderRedirect({ url }: { url: string }) {
  return (
    <>
      <meta httpEquiv="refresh" content={`0;url=${url}`} />
      <p role="status" className="text-sm text-stone-700">
        Ouverture de la page de paiement…{' '}
        <a href={url} className="font-semibold text-emerald-800 underline underline-offset-2">
          Continuer vers le paiement
        </a>
      </p>
    </>
  );
}
