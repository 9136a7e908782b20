import { CANCELLED_ORDER_STATUS, ORDER_STATUSES, type OrderStatus } from '@souk/domain/order-status';
import type { Order } from '@souk/domain/orders';
import type { ShopPhone } from '@souk/domain/shop';
import { type ReactNode, useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { EmptyState } from '~/components/ui/empty-state';
import { normalizeStatus, statusStyle } from '~/components/ui/status-badge';
import { OrderCard } from './order-card';
import { orderNumber, ordersHref, STATUS_COUNT_LABELS } from './order-status';
import { sectionTitle } from './panel-styles';

const ctaClass =
  'rounded-full bg-emerald-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800';

/** 'Erreur de chargement' with a retry that loads the order list again (a GET form: works without JS). */
export function OrdersLoadError({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-6 py-8 text-center"
    >
      <h3 className="font-semibold text-stone-900">Erreur de chargement</h3>
      <p className="text-sm text-stone-700">{message}</p>
      <Form method="get" action="/profile" preventScrollReset>
        <input type="hidden" name="tab" value="orders" />
        <button type="submit" className={ctaClass}>
          Réessayer
        </button>
      </Form>
    </div>
  );
}

/** 'Mes Commandes': filter bar with counts, a count grid behind a toggle, and the list. */
export function OrdersPanel({
  orders,
  ordersError,
  counts,
  filter,
  shopWhatsapp,
  cancelling,
  cancelled,
  cancelFailure,
}: {
  orders: Order[] | null;
  ordersError: string | null;
  counts: Record<OrderStatus, number> | null;
  filter: OrderStatus | null;
  shopWhatsapp: ShopPhone;
  /** The order whose cancellation is being confirmed. */
  cancelling: number | null;
  /** The number of the order just cancelled. */
  cancelled: string | null;
  /** Why the cancellation asked was refused. */
  cancelFailure: string | null;
}) {
  const pending = counts?.en_attente ?? 0;
  const shown = orders && filter ? orders.filter((o) => normalizeStatus(o.status) === filter) : orders;
  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <h2 id="orders-title" className={sectionTitle}>
          Mes Commandes
        </h2>
        {pending > 0 && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-300">
            {pending} en attente
          </span>
        )}
      </div>

      {ordersError && <OrdersLoadError message={ordersError} />}

      {/* Said only of an order she has and that is cancelled (the address alone proves nothing). */}
      {cancelled &&
        orders?.some((o) => orderNumber(o) === cancelled && o.status === CANCELLED_ORDER_STATUS) && (
          <FocusedNotice role="status" tone="success">
            La commande {cancelled} est annulée. Ses articles sont remis en vente.
          </FocusedNotice>
        )}
      {cancelFailure && (
        <FocusedNotice role="alert" tone="error">
          {cancelFailure}
        </FocusedNotice>
      )}

      {orders && orders.length > 0 && counts && (
        <>
          <nav aria-label="Filtrer par statut" className="-mx-4 overflow-x-auto px-4">
            <ul className="flex gap-2 pb-1">
              <FilterLink
                to={ordersHref(null)}
                current={filter === null}
                label="Toutes"
                count={orders.length}
              />
              {ORDER_STATUSES.filter((s) => counts[s] > 0 || s === filter).map((s) => (
                <FilterLink
                  key={s}
                  to={ordersHref(s)}
                  current={filter === s}
                  label={STATUS_COUNT_LABELS[s]}
                  count={counts[s]}
                />
              ))}
            </ul>
          </nav>

          <details className="group rounded-2xl border border-stone-200 bg-white">
            <summary className="flex cursor-pointer list-none items-center justify-between rounded-2xl px-4 py-3 text-sm font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-emerald-800 [&::-webkit-details-marker]:hidden">
              Récapitulatif par statut
              <span aria-hidden="true" className="text-stone-600 transition group-open:rotate-180">
                ▾
              </span>
            </summary>
            <dl className="grid grid-cols-2 gap-2 px-4 pb-4 sm:grid-cols-3">
              {ORDER_STATUSES.map((s) => (
                <div key={s} className={`rounded-xl px-3 py-2 ring-1 ring-inset ${statusStyle(s)}`}>
                  <dt className="text-xs font-medium">{STATUS_COUNT_LABELS[s]}</dt>
                  <dd className="text-xl font-bold">{counts[s]}</dd>
                </div>
              ))}
            </dl>
          </details>
        </>
      )}

      {orders && orders.length === 0 && (
        <EmptyState
          headingLevel={3}
          title="Aucune commande"
          action={
            <Link to="/catalog" className={ctaClass}>
              Découvrir le catalogue
            </Link>
          }
        >
          Vos commandes apparaîtront ici. Nous vous contactons sur WhatsApp pour chacune d'elles.
        </EmptyState>
      )}

      {orders && orders.length > 0 && shown?.length === 0 && (
        <EmptyState
          headingLevel={3}
          title="Aucune commande"
          action={
            <Link to={ordersHref(null)} className={ctaClass}>
              Voir toutes les commandes
            </Link>
          }
        >
          Aucune commande avec ce statut.
        </EmptyState>
      )}

      {shown && shown.length > 0 && (
        <ul className="flex flex-col gap-3">
          {shown.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                shopWhatsapp={shopWhatsapp}
                confirmingCancel={cancelling === order.id}
                filter={filter}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FilterLink({
  to,
  current,
  label,
  count,
}: {
  to: string;
  current: boolean;
  label: string;
  count: number;
}) {
  return (
    <li className="shrink-0">
      <Link
        to={to}
        preventScrollReset
        aria-current={current ? 'true' : undefined}
        className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${
          current
            ? 'border-emerald-800 bg-emerald-800 text-white'
            : 'border-stone-300 bg-white text-stone-800 hover:border-stone-400'
        }`}
      >
        {label}
        <span className={`rounded-full px-1.5 text-xs font-bold ${current ? 'bg-white/20' : 'bg-stone-100'}`}>
          {count}
        </span>
      </Link>
    </li>
  );
}

/** The outcome of a cancellation, where the keyboard and the screen reader are taken. */
function FocusedNotice({
  role,
  tone,
  children,
}: {
  role: 'status' | 'alert';
  tone: 'success' | 'error';
  children: ReactNode;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p
      ref={ref}
      role={role}
      tabIndex={-1}
      className={`rounded-xl border px-4 py-3 text-sm outline-none ${
        tone === 'success'
          ? 'border-emerald-200 bg-emerald-50 font-medium text-emerald-900'
          : 'border-red-200 bg-red-50 text-red-900'
      }`}
    >
      {children}
    </p>
  );
}
