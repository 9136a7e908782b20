import { CUSTOMER_STATUS_LABELS, type CustomerStatus } from '@souk/domain/admin-customers';
import { Badge } from './badge';

// Apart from status-badge.tsx, which the storefront loads: only back-office pages carry this.

/** A customer account's state: 'Actif', or 'Bloqué' in red. */
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return <Badge tone={status === 'active' ? 'success' : 'danger'}>{CUSTOMER_STATUS_LABELS[status]}</Badge>;
}
