import { formatFcfa } from '@souk/domain/money';
import { unpaidDeadlineNotice } from '@souk/domain/order-reasons';
import { INITIAL_ORDER_STATUS } from '@souk/domain/order-status';
import type { Order } from '@souk/domain/orders';
import { orangeMoneyMessage } from '@souk/domain/payment-message';
import { isPayable, type PaymentProvider } from '@souk/domain/payments';
import { type Agency, deliveryShortForm, type ShopPhone, whatsappLink } from '@souk/domain/shop';
import { countLabel } from '@souk/domain/text';
import { Link } from 'react-router';
import { AgencyDetails, OrderHelp } from '~/components/ui/order-help';
import { WhatsappIcon } from '~/components/ui/page-icons';
import { PaymentPendingNotice, ProviderPayButtons, trackingPathOf } from '~/components/ui/provider-payment';

const primary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2';

/** The order-success page: the order, how to pay (Orange Money on WhatsApp or at the agency), help. */
export function OrderSuccessView({
  order,
  orderDate,
  userName,
  isNew,
  shopWhatsapp,
  agency,
  deliveryTerms,
  unpaidTimeoutMs,
  paymentProviders,
}: {
  order: Order;
  orderDate: string;
  userName: string;
  isNew: boolean;
  shopWhatsapp: ShopPhone;
  /** Where the order is collected and may be paid (AGENCY_LOCATION, AGENCY_ADDRESS, AGENCY_HOURS). */
  agency: Agency;
  /** DELIVERY_TERMS, said as the product page, the cart and the status messages say them. */
  deliveryTerms: string;
  /** UNPAID_ORDER_TIMEOUT (0: off): said before she chooses how to pay. */
  unpaidTimeoutMs: number;
  /** The providers she may pay through from her phone ('Payer avec Wave'…). */
  paymentProviders: readonly PaymentProvider[];
}) {
  // Only an order still waiting unpaid can be released (a later visit may find it paid or accepted).
  const deadline =
    order.status === INITIAL_ORDER_STATUS && order.paid_at === null
      ? unpaidDeadlineNotice(unpaidTimeoutMs)
      : null;
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:py-10">
      <header className="flex flex-col items-center gap-3 text-center">
        <span
          aria-hidden="true"
          className="flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-amber-800"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-7 w-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="9" />
            <path strokeLinecap="round" d="M12 7v5l3 2" />
          </svg>
        </span>
        <p className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase">
          Commande en attente
        </p>
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
          {isNew
            ? `Bienvenue ${userName} ! Votre commande est enregistrée`
            : 'Merci ! Votre commande est enregistrée'}
        </h1>
        <p className="text-sm text-stone-600">
          Nous vous contactons sur WhatsApp pour organiser la livraison et le paiement.
        </p>
      </header>

      <section
        aria-labelledby="order-title"
        className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2 id="order-title" className="sr-only">
          Votre commande
        </h2>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <div className="col-span-2 flex flex-col">
            <dt className="text-stone-600">Numéro de commande</dt>
            <dd className="font-mono text-base font-semibold text-stone-900">{order.order_number}</dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-stone-600">Date</dt>
            <dd className="font-medium text-stone-900">{orderDate}</dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-stone-600">Articles</dt>
            <dd className="font-medium text-stone-900">{countLabel(order.total_items, 'article')}</dd>
          </div>
          <div className="col-span-2 flex flex-col">
            <dt className="text-stone-600">Livraison</dt>
            <dd className="font-medium text-emerald-800">{deliveryShortForm(deliveryTerms)}</dd>
          </div>
          <div className="col-span-2 flex items-baseline justify-between border-t border-stone-200 pt-3">
            <dt className="font-semibold text-stone-900">Montant à payer</dt>
            <dd className="text-xl font-bold text-emerald-900">{formatFcfa(order.total_amount)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="payment-title" className="flex flex-col gap-3">
        <h2 id="payment-title" className="text-lg font-semibold text-stone-900">
          Choisissez votre mode de paiement
        </h2>
        {deadline && (
          <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            {deadline}
          </p>
        )}
        <PaymentPendingNotice payment={order.payment} />
        {paymentProviders.length > 0 && isPayable(order) && (
          <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
            <h3 className="font-semibold text-stone-900">Depuis votre téléphone</h3>
            <p className="text-sm text-stone-600">
              Payez {formatFcfa(order.total_amount)} dans votre application : la commande est marquée payée
              dès la confirmation.
            </p>
            <ProviderPayButtons
              order={order}
              providers={paymentProviders}
              action={trackingPathOf(order.tracking_url)}
            />
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
            <h3 className="font-semibold text-stone-900">Orange Money via WhatsApp</h3>
            <p className="flex-1 text-sm text-stone-600">
              Envoyez-nous le récapitulatif sur WhatsApp, nous vous guidons pour le paiement Orange Money.
            </p>
            <a
              href={whatsappLink(shopWhatsapp.number, orangeMoneyMessage(order))}
              target="_blank"
              rel="noopener noreferrer"
              className={`${primary} bg-emerald-800 text-white hover:bg-emerald-900 focus-visible:outline-emerald-800`}
            >
              <WhatsappIcon />
              Payer maintenant
              <span className="sr-only"> (WhatsApp, nouvel onglet)</span>
            </a>
          </div>
          <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
            <h3 className="font-semibold text-stone-900">Paiement à l'agence</h3>
            <p className="text-sm text-stone-600">
              Payez en espèces ou par Orange Money directement à notre agence.
            </p>
            <AgencyDetails agency={agency} />
          </div>
        </div>
      </section>

      <section
        aria-labelledby="order-tracking-title"
        className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
      >
        <h2 id="order-tracking-title" className="font-semibold text-stone-900">
          Suivre ma commande
        </h2>
        <p className="text-sm text-stone-600">
          Gardez ce lien : il montre où en est votre commande, sans vous connecter. Nous le donnons aussi dans
          chacun de nos messages.
        </p>
        <a
          href={order.tracking_url}
          className="text-sm font-semibold break-all text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-800"
        >
          {order.tracking_url}
        </a>
      </section>

      <nav aria-label="Suite" className="flex flex-col gap-3 sm:flex-row">
        <Link
          to="/catalog"
          className={`${primary} flex-1 bg-amber-300 text-stone-900 hover:bg-amber-200 focus-visible:outline-amber-600`}
        >
          Continuer mes achats
        </Link>
        <Link
          to="/profile"
          className={`${primary} flex-1 border border-stone-300 bg-white text-stone-900 hover:bg-stone-50 focus-visible:outline-emerald-800`}
        >
          Voir mes commandes
        </Link>
      </nav>

      <OrderHelp shopWhatsapp={shopWhatsapp} />
    </main>
  );
}
