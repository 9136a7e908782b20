import type { AdminOrderDetail } from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import type { ShopContact } from '@souk/domain/order-messages';
import { formatPhone } from '@souk/domain/phone-format';
import type { ReactNode } from 'react';
import { DetailRow } from '~/components/ui/detail-row';
import { Dialog } from '~/components/ui/dialog';
import { OrderLines } from '~/components/ui/order-lines';
import { OrderStatusBadge } from '~/components/ui/status-badge';
import { CancellationNote } from './order-cancellation';
import { RecentlyUpdatedBadge } from './order-card';
import { OrderContactLinks } from './order-contact-links';
import { StatusHistory } from './order-history';
import { PaymentDetails } from './order-payment';
import { OrderProviderPayments } from './order-provider-payments';
import { RefundDetails } from './order-refund';
import { OrderStatusActions } from './order-status-actions';
import { OrderTrackingLink } from './order-tracking-link';
import { OrderWhatsappMessages } from './order-whatsapp';
import { awaitedStatus, type StatusControls } from './use-status-changes';

/** One part of the details, titled and labelled by its title. */
function Section({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h3 id={id} className="mb-2 font-semibold text-stone-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * An order's details: the client, the order, its lines with unit price and line total, the
 * article and quantity counts, the same contact and status buttons as its card, and its history.
 */
export function OrderDetailsDialog({
  order,
  shop,
  controls,
  recent,
  offer,
  onClose,
}: {
  order: AdminOrderDetail | null;
  shop: ShopContact;
  controls: StatusControls;
  recent: boolean;
  /** The offer to tell the client of a change just made from here. */
  offer: ReactNode;
  onClose: () => void;
}) {
  const phone = order?.client.whatsapp_phone;
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={order ? `Commande ${order.order_number}` : ''}
      size="lg"
      closeButton
    >
      {order && (
        <div className="flex flex-col gap-5">
          <Section id="order-details-client" title="Client">
            <dl className="flex flex-col gap-2">
              <DetailRow label="Nom">{order.client.name}</DetailRow>
              <DetailRow label="Téléphone">{phone ? formatPhone(phone) : 'Non renseigné'}</DetailRow>
              <DetailRow label="E-mail">{order.client.email ?? 'Non renseigné'}</DetailRow>
              <DetailRow label="Compte">
                {order.client.id === null ? 'Client invité' : 'Client inscrit'}
              </DetailRow>
            </dl>
          </Section>
          <Section id="order-details-order" title="Commande">
            <dl className="flex flex-col gap-2">
              <DetailRow label="Numéro">{order.order_number}</DetailRow>
              <DetailRow label="Date">
                <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
              </DetailRow>
              <DetailRow label="Statut">
                <span className="flex flex-wrap items-center gap-2">
                  <OrderStatusBadge status={awaitedStatus(order, controls.pending)} />
                  {recent && <RecentlyUpdatedBadge />}
                </span>
                <CancellationNote
                  order={order}
                  status={awaitedStatus(order, controls.pending)}
                  unpaidTimeoutMs={shop.unpaidTimeoutMs}
                />
              </DetailRow>
              <DetailRow label="Total">
                <span className="font-bold text-emerald-900">{formatFcfa(order.total_amount)}</span>
              </DetailRow>
              <DetailRow label="Paiement">
                <PaymentDetails order={order} />
              </DetailRow>
              {order.refund && (
                <DetailRow label="Remboursement">
                  <RefundDetails order={order} />
                </DetailRow>
              )}
              <DetailRow label="Suivi">
                <OrderTrackingLink order={order} />
              </DetailRow>
              <DetailRow label="Notes">
                {order.notes ? (
                  <span className="whitespace-pre-line">{order.notes}</span>
                ) : (
                  <span className="text-stone-500 italic">Aucune note</span>
                )}
              </DetailRow>
            </dl>
          </Section>
          <Section id="order-details-items" title="Articles">
            <OrderLines items={order.items} />
            <dl className="mt-2 flex flex-col gap-2">
              <DetailRow label="Nombre d'articles">{order.items_summary.items_count}</DetailRow>
              <DetailRow label="Quantité totale">{order.items_summary.total_items}</DetailRow>
            </dl>
          </Section>
          <Section id="order-details-actions" title="Gestion de la commande" className="flex flex-col gap-2">
            <OrderContactLinks order={order} shop={shop} />
            <OrderStatusActions order={order} controls={controls} />
            {offer}
          </Section>
          {order.payments.length > 0 && (
            <Section id="order-details-payments" title="Paiements en ligne">
              <OrderProviderPayments order={order} />
            </Section>
          )}
          {(order.whatsapp.automatic || order.whatsapp.messages.length > 0) && (
            <Section id="order-details-whatsapp" title="Messages WhatsApp">
              <OrderWhatsappMessages order={order} />
            </Section>
          )}
          <Section id="order-details-history" title="Historique des statuts">
            <StatusHistory order={order} />
          </Section>
        </div>
      )}
    </Dialog>
  );
}
