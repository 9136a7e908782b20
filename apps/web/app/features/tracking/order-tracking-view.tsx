import { formatFcfa } from '@souk/domain/money';
import { cancellationLine, unpaidDeadlineNotice } from '@souk/domain/order-reasons';
import { CANCELLED_ORDER_STATUS, INITIAL_ORDER_STATUS } from '@souk/domain/order-status';
import type { TrackedOrder } from '@souk/domain/order-tracking';
import { orangeMoneyMessage } from '@souk/domain/payment-message';
import type { PaymentProvider } from '@souk/domain/payments';
import { type Agency, type ShopPhone, whatsappLink } from '@souk/domain/shop';
import { countLabel } from '@souk/domain/text';
import { Link } from 'react-router';
import { AgencyDetails, OrderHelp } from '~/components/ui/order-help';
import { OrderLines } from '~/components/ui/order-lines';
import { WhatsappIcon } from '~/components/ui/page-icons';
import { PaymentPendingNotice, ProviderPayButtons, ProviderRedirect } from '~/components/ui/provider-payment';
import { OrderPaymentBadges, OrderStatusBadge } from '~/components/ui/status-badge';
import { NEW_TAB } from '~/lib/new-tab';
import { useRefreshWhilePending } from './use-refresh-while-pending';

const button =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';
const card = 'rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5';

export type TrackedStep = { label: string; at: string; when: string };

/**
 * The page a tracking link opens: the order's number, status and payment, what is in it, its steps
 * with their dates, how to pay while it is unpaid, where to collect it and how to reach the shop.
 */
export function OrderTrackingView({
  order,
  orderDate,
  steps,
  shopWhatsapp,
  agency,
  unpaidTimeoutMs,
  paymentProviders,
  paymentError,
  providerUrl,
}: {
  order: TrackedOrder;
  orderDate: string;
  steps: TrackedStep[];
  shopWhatsapp: ShopPhone;
  agency: Agency;
  unpaidTimeoutMs: number;
  /** The providers the shop offers ('Payer avec Wave'…). */
  paymentProviders: readonly PaymentProvider[];
  /** Why 'Payer avec …' did not start (the provider down…), in French. */
  paymentError: string | null;
  /** The provider's page 'Payer avec …' leads to: opened at once. */
  providerUrl: string | null;
}) {
  // Back from the provider: the page reads the order again until the notification has settled it.
  useRefreshWhilePending(order.payment.pending !== null);
  const cancelled = order.status === CANCELLED_ORDER_STATUS;
  const payable = !cancelled && order.paid_at === null;
  // Only an order waiting unpaid can be released by the shop.
  const deadline =
    payable && order.status === INITIAL_ORDER_STATUS ? unpaidDeadlineNotice(unpaidTimeoutMs) : null;
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 sm:py-10">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium text-stone-600">Suivi de commande</p>
        <h1 className="font-mono text-2xl font-bold text-stone-900 sm:text-3xl">{order.order_number}</h1>
        <p className="text-sm text-stone-600">
          Passée le <time dateTime={order.created_at}>{orderDate}</time> ·{' '}
          {countLabel(order.total_items, 'article')}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <OrderPaymentBadges order={order} />
        </div>
        {order.cancellation && (
          <p className="text-sm text-stone-700">{cancellationLine(order.cancellation, unpaidTimeoutMs)}</p>
        )}
      </header>

      <section aria-labelledby="tracking-steps" className={card}>
        <h2 id="tracking-steps" className="mb-3 font-semibold text-stone-900">
          Étapes
        </h2>
        <ol className="flex flex-col gap-3 border-l-2 border-stone-200 pl-4">
          {steps.map((step) => (
            <li key={`${step.at}-${step.label}`} className="relative text-sm">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full bg-emerald-700"
              />
              <p className="font-medium text-stone-900">{step.label}</p>
              <p className="text-stone-600">
                <time dateTime={step.at}>{step.when}</time>
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="tracking-items" className={card}>
        <h2 id="tracking-items" className="mb-3 font-semibold text-stone-900">
          Articles
        </h2>
        <OrderLines items={order.items} />
        <p className="mt-3 flex items-center justify-between">
          <span className="font-semibold text-stone-900">Total</span>
          <span className="text-xl font-bold text-emerald-900">{formatFcfa(order.total_amount)}</span>
        </p>
      </section>

      {payable && (
        <section aria-labelledby="tracking-payment" className={`${card} flex flex-col gap-3`}>
          <h2 id="tracking-payment" className="font-semibold text-stone-900">
            Paiement
          </h2>
          {providerUrl && <ProviderRedirect url={providerUrl} />}
          <PaymentPendingNotice payment={order.payment} />
          {order.payment.pending && (
            <Link to="." className="text-sm font-semibold text-emerald-800 underline underline-offset-2">
              Actualiser
            </Link>
          )}
          {paymentError && (
            <p
              role="alert"
              className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
            >
              {paymentError}
            </p>
          )}
          <ProviderPayButtons order={order} providers={paymentProviders} />
          <p className="text-sm text-stone-700">
            Payez par Orange Money : envoyez-nous le récapitulatif sur WhatsApp, nous vous guidons. Vous
            pouvez aussi payer à l'agence.
          </p>
          {deadline && (
            <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
              {deadline}
            </p>
          )}
          <a
            href={whatsappLink(shopWhatsapp.number, orangeMoneyMessage(order))}
            {...NEW_TAB}
            className={`${button} bg-emerald-800 text-white hover:bg-emerald-900 focus-visible:outline-emerald-800`}
          >
            <WhatsappIcon />
            Payer maintenant
            <span className="sr-only"> (WhatsApp, nouvel onglet)</span>
          </a>
        </section>
      )}

      <section aria-labelledby="tracking-agency" className={`${card} flex flex-col gap-3`}>
        <h2 id="tracking-agency" className="font-semibold text-stone-900">
          Notre agence
        </h2>
        <AgencyDetails agency={agency} />
      </section>

      <OrderHelp shopWhatsapp={shopWhatsapp} />
    </main>
  );
}
