import {
  type AdminCustomerDetail,
  CUSTOMER_ACTION_LABELS,
  CUSTOMER_TIER_LABELS,
} from '@souk/domain/admin-customers';
import { formatDateTime, formatLongDate, formatShortDate } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@souk/domain/order-status';
import { useState } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Button, buttonClass } from '~/components/ui/button';
import { ColumnHeaders } from '~/components/ui/column-headers';
import { CustomerStatusBadge } from '~/components/ui/customer-status-badge';
import { Dialog } from '~/components/ui/dialog';
import type { ActionOutcome } from '~/lib/form-action';
import { withParams } from '~/lib/url-params';
import {
  CustomerAvatar,
  CustomerContactLinks,
  displayName,
  PASSWORD_LINK_FETCHER,
  phoneText,
  statusAction,
  TierBadge,
} from './customer-parts';
import type { StatusTarget } from './customers-list';

// The recent orders' colours in the profile.
const RECENT_TONES: Partial<Record<OrderStatus, BadgeTone>> = {
  acceptée: 'success',
  en_attente: 'warning',
  annulée: 'danger',
};

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-stone-50 p-3">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="font-semibold break-words text-stone-900">{value}</dd>
    </div>
  );
}

/** 'Voir les statistiques': the orders by status, the first order, what they buy most. */
function CustomerStatistics({ customer }: { customer: AdminCustomerDetail }) {
  const { statistics } = customer;
  return (
    <section aria-labelledby="customer-stats-title" className="flex flex-col gap-3">
      <h3 id="customer-stats-title" className="font-semibold text-stone-900">
        Statistiques
      </h3>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Commandes par statut</caption>
        <thead>
          <tr className="text-xs text-stone-600">
            <ColumnHeaders
              columns={['Statut', { label: 'Commandes', className: 'py-1 text-right' }]}
              className="py-1"
            />
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {ORDER_STATUSES.map((status) => (
            <tr key={status}>
              <th scope="row" className="py-1 font-normal">
                {ORDER_STATUS_LABELS[status]}
              </th>
              <td className="py-1 text-right font-semibold">{statistics.status_breakdown[status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-stone-700">
        {statistics.first_order_at
          ? `Première commande le ${formatLongDate(statistics.first_order_at)}`
          : 'Aucune commande pour le moment'}
      </p>
      {statistics.top_products.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-stone-800">Produits préférés</h4>
          <ol className="list-decimal pl-5 text-sm">
            {statistics.top_products.map((product) => (
              <li key={product.name}>
                {product.name} — {product.quantity} unité{product.quantity > 1 ? 's' : ''}
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

/**
 * The profile: who the customer is, their figures, their 5 latest orders, how to reach
 * them, and what the shop can do: see their orders, their statistics, block or unblock, edit.
 */
export function CustomerProfileDialog({
  customer,
  onClose,
  onStatus,
}: {
  customer: AdminCustomerDetail | null;
  onClose: () => void;
  onStatus: (target: StatusTarget) => void;
}) {
  return (
    <Dialog open={customer !== null} onClose={onClose} title="Profil du client" size="lg" closeButton>
      {/* Keyed: another customer's profile starts with its statistics folded. */}
      {customer && (
        <ProfileBody key={customer.id} customer={customer} onClose={onClose} onStatus={onStatus} />
      )}
    </Dialog>
  );
}

function ProfileBody({
  customer,
  onClose,
  onStatus,
}: {
  customer: AdminCustomerDetail;
  onClose: () => void;
  onStatus: (target: StatusTarget) => void;
}) {
  const { search } = useLocation();
  const [showStats, setShowStats] = useState(false);
  const link = useFetcher<ActionOutcome>({ key: PASSWORD_LINK_FETCHER });
  const name = displayName(customer);
  const action = statusAction(customer);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-4">
        <CustomerAvatar customer={customer} size="lg" />
        <div className="min-w-0">
          <p className="text-lg font-bold break-words text-stone-900">{name}</p>
          <p className="text-sm break-all text-stone-700">{customer.email ?? 'Aucun email'}</p>
          <p className="text-sm text-stone-700">{phoneText(customer)}</p>
          <p className="mt-1 flex flex-wrap gap-2">
            <TierBadge tier={customer.tier} />
            <CustomerStatusBadge status={customer.status} />
          </p>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Tile label="Commandes" value={String(customer.orders_count)} />
        {/* What the orders amount to, cancelled ones aside, and of it what the shop was paid. */}
        <Tile label="Total commandé" value={formatFcfa(customer.total_spent)} />
        <Tile label="Dont payé" value={formatFcfa(customer.total_paid)} />
        <Tile label="Membre depuis" value={formatShortDate(customer.created_at)} />
        <Tile
          label="Dernière connexion"
          value={customer.last_login_at ? formatDateTime(customer.last_login_at) : 'Jamais'}
        />
        {customer.avg_order_value !== null && (
          <>
            <Tile label="Panier moyen" value={formatFcfa(customer.avg_order_value)} />
            <Tile label="Type de client" value={CUSTOMER_TIER_LABELS[customer.tier]} />
          </>
        )}
      </dl>

      <section aria-labelledby="recent-orders-title" className="flex flex-col gap-2">
        <h3 id="recent-orders-title" className="font-semibold text-stone-900">
          Commandes récentes
        </h3>
        {customer.recent_orders.length === 0 ? (
          <p className="text-sm text-stone-600">Aucune commande</p>
        ) : (
          <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200">
            {customer.recent_orders.map((order) => (
              <li key={order.id}>
                <Link
                  to={`/admin/orders?details=${order.id}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 p-2 text-sm hover:bg-stone-50"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium break-words">{order.order_number}</span>
                    <span className="block text-xs text-stone-600">{formatShortDate(order.created_at)}</span>
                  </span>
                  <span className="font-semibold whitespace-nowrap">{formatFcfa(order.total_amount)}</span>
                  <Badge tone={RECENT_TONES[order.status] ?? 'neutral'}>
                    {ORDER_STATUS_LABELS[order.status]}
                  </Badge>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div id="customer-stats" hidden={!showStats}>
        <CustomerStatistics customer={customer} />
      </div>

      <div className="flex flex-wrap gap-2 border-t border-stone-200 pt-4">
        <CustomerContactLinks customer={customer} />
        <Link to={`/admin/orders?customer_id=${customer.id}`} className={buttonClass('secondary', 'sm')}>
          Voir les commandes
        </Link>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showStats}
          aria-controls="customer-stats"
          onClick={() => setShowStats((shown) => !shown)}
        >
          Voir les statistiques
        </Button>
        <Button
          variant="secondary"
          size="sm"
          pending={link.state !== 'idle'}
          onClick={() =>
            link.submit({ intent: 'password-link', id: String(customer.id) }, { method: 'post' })
          }
        >
          Envoyer un lien de mot de passe
        </Button>
        <Link
          to={withParams(search, { profile: null, edit: customer.id })}
          preventScrollReset
          className={buttonClass('secondary', 'sm')}
        >
          Modifier le profil
        </Link>
        <Button
          variant={action === 'block' ? 'danger' : 'primary'}
          size="sm"
          onClick={() => {
            onClose();
            onStatus({ ids: [customer.id], action, name });
          }}
        >
          {CUSTOMER_ACTION_LABELS[action]}
        </Button>
      </div>
    </div>
  );
}
