import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@souk/domain/order-status';
import { BADGE_BASE } from './badge';

// One colour per status, so a list of orders can be scanned by colour as well as read.
const STATUS_STYLES: Record<OrderStatus, string> = {
  en_attente: 'bg-amber-100 text-amber-950 ring-amber-300',
  acceptée: 'bg-sky-100 text-sky-950 ring-sky-300',
  prête: 'bg-indigo-100 text-indigo-950 ring-indigo-300',
  en_cours: 'bg-violet-100 text-violet-950 ring-violet-300',
  disponible: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  annulée: 'bg-stone-200 text-stone-800 ring-stone-300',
};

const isKnown = (status: string): status is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status);

/** A status the client does not know yet reads and looks like a pending one. */
export const normalizeStatus = (status: string): OrderStatus => (isKnown(status) ? status : 'en_attente');
export const statusLabel = (status: string) => ORDER_STATUS_LABELS[normalizeStatus(status)];
export const statusStyle = (status: string) => STATUS_STYLES[normalizeStatus(status)];
export const statusBadgeClass = (status: string) => `${BADGE_BASE} ${statusStyle(status)}`;

/** An order's status in words and colour, for the customer's account and the back office alike. */
export function OrderStatusBadge({ status }: { status: string }) {
  return <span className={statusBadgeClass(status)}>{statusLabel(status)}</span>;
}
