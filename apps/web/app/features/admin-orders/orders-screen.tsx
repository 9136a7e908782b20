import { type AdminOrderDetail, type AdminOrderList, ORDER_ACTION_LABELS } from '@souk/domain/admin-orders';
import { formatFcfa } from '@souk/domain/money';
import type { ShopContact } from '@souk/domain/order-messages';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { ListEmptyState } from '~/components/ui/list-empty-state';
import { Pagination } from '~/components/ui/pagination';
import { showToast } from '~/components/ui/toast';
import { useDropParams, withParams } from '~/lib/url-params';
import { ORDERS_LIST_ID } from '~/lib/waiting-orders';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderCard } from './order-card';
import { StatusMessageOffer } from './order-contact-links';
import { OrderDetailsDialog } from './order-details-dialog';
import { OrderOverviewDialog } from './order-overview-dialog';
import { clearFiltersHref, exportHref, isFiltered, type OrderScreen } from './order-params';
import { usePaymentOutcomes } from './order-payment';
import { OrderCounters, OrderToolbar } from './order-toolbar';
import { useStatusChanges } from './use-status-changes';

/**
 * The header's 'Vue d'ensemble' (the breakdown by status and revenue, ?overview=1) and 'Exporter'
 * (a download of the filtered orders as CSV, straight from the API).
 */
export function OrdersHeaderActions({ screen }: { screen: OrderScreen }) {
  const { search } = useLocation();
  return (
    <>
      <Link
        to={withParams(search, { overview: 1, details: null })}
        preventScrollReset
        className={buttonClass('secondary', 'md')}
      >
        Vue d'ensemble
      </Link>
      <a href={exportHref(screen)} className={buttonClass('secondary', 'md')}>
        Exporter
      </a>
    </>
  );
}

/**
 * 'Commandes': the counters, search and filters, the orders as cards (stacked on a phone, a grid
 * on wider screens), pages of 20, the details of one order, and the status changes (a cancellation
 * with its reason, a reinstatement, a refund) with their confirmation, marker and offer to tell the
 * client.
 */
export function OrdersScreen({
  screen,
  list,
  details,
  detailsError,
  shop,
}: {
  screen: OrderScreen;
  list: AdminOrderList;
  details: AdminOrderDetail | null;
  /** Why the asked order could not be shown, or null. */
  detailsError: string | null;
  shop: ShopContact;
}) {
  const { search } = useLocation();
  const closeDetails = useDropParams('details');
  const closeOverview = useDropParams('overview');
  // The list's own address: opening an order's details or the overview keeps what is in sight.
  const changes = useStatusChanges(list.orders, withParams(search, { details: null, overview: null }));
  const { cancellation, reinstatement, unpaidStep, controls, recentId, shown } = changes;
  usePaymentOutcomes(changes.paymentAnswered);
  // Once per order asked (a second failed one is told again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when another order is asked
  useEffect(() => {
    if (detailsError) showToast({ message: detailsError, tone: 'error' });
  }, [detailsError, screen.details]);
  const filtering = isFiltered(screen);
  const { pagination } = list;

  return (
    <>
      <OrderCounters summary={list.summary} />
      <OrderToolbar screen={screen} />
      <h2 className="sr-only">Liste des commandes</h2>
      {shown.length === 0 ? (
        <ListEmptyState
          title={filtering ? 'Aucune commande trouvée' : 'Aucune commande'}
          filtering={filtering}
          clear={{ to: clearFiltersHref(screen), label: 'Effacer les filtres' }}
        >
          Les commandes des clients apparaîtront ici.
        </ListEmptyState>
      ) : (
        <ul id={ORDERS_LIST_ID} className="grid scroll-mt-20 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((order) => (
            <li key={order.id} className="min-w-0">
              <OrderCard order={order} shop={shop} controls={controls} recent={recentId === order.id} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        pagination={pagination}
        hrefFor={(page) =>
          withParams(search, { page: page === 1 ? null : page, details: null, overview: null })
        }
      />
      <OrderDetailsDialog
        order={details}
        shop={shop}
        controls={controls}
        recent={details !== null && recentId === details.id}
        offer={
          <StatusMessageOffer
            inline
            told={changes.done?.order.id === details?.id ? changes.done : null}
            shop={shop}
            onClose={changes.closeOffer}
          />
        }
        onClose={closeDetails}
      />
      <OrderOverviewDialog open={screen.overview} summary={list.summary} onClose={closeOverview} />
      <CancelOrderDialog
        order={cancellation.order}
        onSending={cancellation.sending}
        onClose={cancellation.close}
      />
      <ConfirmDialog
        open={reinstatement.order !== null}
        title="Rétablir la commande"
        message={
          reinstatement.order
            ? `Le paiement de la commande ${reinstatement.order.order_number} de ${reinstatement.order.client.name} est arrivé ? La commande repasse en attente, payée, et ses articles sont repris du stock.`
            : ''
        }
        confirmLabel="Rétablir (paiement reçu)"
        cancelLabel="Laisser annulée"
        tone="success"
        onConfirm={reinstatement.confirm}
        onCancel={reinstatement.cancel}
      />
      <ConfirmDialog
        open={unpaidStep.change !== null}
        title="Commande non payée"
        message={
          unpaidStep.change
            ? `La commande ${unpaidStep.change.order.order_number} de ${unpaidStep.change.order.client.name} (${formatFcfa(unpaidStep.change.order.total_amount)}) n'est pas encore payée. Continuer sans paiement ? Cette question n'est posée qu'une fois par commande.`
            : ''
        }
        confirmLabel={
          unpaidStep.change ? `${ORDER_ACTION_LABELS[unpaidStep.change.status]} sans paiement` : ''
        }
        cancelLabel="Attendre le paiement"
        onConfirm={unpaidStep.confirm}
        onCancel={unpaidStep.cancel}
      />
      {details === null && (
        <StatusMessageOffer told={changes.done} shop={shop} onClose={changes.closeOffer} />
      )}
    </>
  );
}
