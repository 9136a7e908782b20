import { formatShortDate } from '@souk/domain/dates';
import { ACCOUNT_LATEST_ORDERS } from '@souk/domain/limits';
import { formatFcfa } from '@souk/domain/money';
import type { Order } from '@souk/domain/orders';
import { phoneCallLink, type ShopPhone, WHATSAPP_GREETING, whatsappLink } from '@souk/domain/shop';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, BagIcon, GridIcon } from '~/components/ui/icons';
import { PhoneIcon, WhatsappIcon } from '~/components/ui/page-icons';
import { OrderStatusBadge } from '~/components/ui/status-badge';
import { orderNumber } from './order-status';
import { OrdersLoadError } from './orders-panel';
import { sectionTitle } from './panel-styles';

const actionCard =
  'flex items-center gap-3 rounded-2xl border border-stone-200 bg-white p-4 font-semibold text-stone-900 shadow-sm transition hover:border-emerald-300 hover:bg-emerald-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800';

/** A quick action: its icon in a coloured disc (`iconClass`), then what it does. */
function ActionCard({
  to,
  iconClass,
  icon,
  children,
}: {
  to: string;
  iconClass: string;
  icon: ReactNode;
  children: string;
}) {
  return (
    <Link to={to} className={actionCard}>
      <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${iconClass}`}>
        {icon}
      </span>
      <span className="text-sm leading-snug">{children}</span>
    </Link>
  );
}

/** Overview tab: quick actions, the latest orders and how to reach the shop. */
export function OverviewPanel({
  orders,
  ordersError,
  shopWhatsapp,
}: {
  orders: Order[] | null;
  ordersError: string | null;
  shopWhatsapp: ShopPhone;
}) {
  const latest = orders?.slice(0, ACCOUNT_LATEST_ORDERS) ?? [];
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="sr-only">
          Actions rapides
        </h2>
        <div className="grid grid-cols-2 gap-3">
          <ActionCard to="/catalog" iconClass="bg-emerald-100 text-emerald-900" icon={<GridIcon />}>
            Continuer mes achats
          </ActionCard>
          <ActionCard to="/cart" iconClass="bg-amber-100 text-amber-900" icon={<BagIcon />}>
            Voir mon panier
          </ActionCard>
        </div>
      </section>

      <section aria-labelledby="latest-orders">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id="latest-orders" className={sectionTitle}>
            Commandes récentes
          </h2>
          {orders && orders.length > 0 && (
            <Link
              to="/profile?tab=orders"
              className="inline-flex items-center gap-1 rounded text-sm font-semibold text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-800"
            >
              Voir tout ({orders.length})
              <ArrowRightIcon />
            </Link>
          )}
        </div>
        {ordersError && <OrdersLoadError message={ordersError} />}
        {orders && orders.length === 0 && (
          <p className="rounded-2xl border border-dashed border-stone-300 bg-stone-50 px-4 py-6 text-center text-sm text-stone-700">
            Aucune commande pour le moment.{' '}
            <Link to="/catalog" className="font-semibold text-emerald-800 underline underline-offset-4">
              Découvrir le catalogue
            </Link>
          </p>
        )}
        {latest.length > 0 && (
          <ul className="flex flex-col gap-2">
            {latest.map((order) => (
              <li
                key={order.id}
                className="flex items-center justify-between gap-3 rounded-2xl border border-stone-200 bg-white px-4 py-3 shadow-sm"
              >
                <div className="min-w-0">
                  <p className="truncate font-semibold text-stone-900">{orderNumber(order)}</p>
                  <p className="text-sm text-stone-600">
                    <time dateTime={order.created_at}>{formatShortDate(order.created_at)}</time> ·{' '}
                    {formatFcfa(order.total_amount)}
                  </p>
                </div>
                <OrderStatusBadge status={order.status} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="support" className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200">
        <h2 id="support" className={sectionTitle}>
          Besoin d'aide ?
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Notre équipe vous répond sur WhatsApp au{' '}
          <span className="font-semibold whitespace-nowrap text-stone-900">{shopWhatsapp.display}</span>.
        </p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <a
            href={whatsappLink(shopWhatsapp.number, WHATSAPP_GREETING)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full bg-emerald-800 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
          >
            <WhatsappIcon />
            Contacter le support
          </a>
          <a
            href={phoneCallLink(shopWhatsapp.number)}
            className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-900 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
          >
            <PhoneIcon />
            Centre d'aide
          </a>
        </div>
      </section>
    </div>
  );
}
