import type { AdminOrder } from '@souk/domain/admin-orders';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { NEW_TAB } from '~/lib/new-tab';
import { useConfirmedAction } from '~/lib/use-form';

/**
 * The details' tracking link: the one every message to the client carries, to open or copy, and
 * 'Nouveau lien de suivi' when it went to someone it should not have (the old one then leads to
 * 'Page introuvable'). Asked first: the client's link stops working too.
 */
export function OrderTrackingLink({
  order,
}: {
  order: Pick<AdminOrder, 'id' | 'order_number' | 'tracking_url'>;
}) {
  const renewal = useConfirmedAction('order-tracking', (target: Pick<AdminOrder, 'id'>) => ({
    intent: 'tracking',
    id: String(target.id),
  }));
  return (
    <div className="flex flex-col items-start gap-2">
      <a
        href={order.tracking_url}
        {...NEW_TAB}
        className="text-sm break-all text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
      >
        {order.tracking_url}
        <span className="sr-only"> (nouvel onglet)</span>
      </a>
      <Button
        size="sm"
        variant="secondary"
        pending={renewal.pending}
        onClick={() => renewal.ask(order)}
        aria-label={`Nouveau lien de suivi, commande ${order.order_number}`}
      >
        Nouveau lien de suivi
      </Button>
      <ConfirmDialog
        open={renewal.target !== null}
        title="Nouveau lien de suivi"
        message={`Le lien actuel de la commande ${order.order_number} ne mènera plus à la commande, y compris pour la cliente : envoyez-lui le nouveau.`}
        confirmLabel="Créer un nouveau lien"
        tone="danger"
        onConfirm={renewal.confirm}
        onCancel={renewal.cancel}
        pending={renewal.pending}
      />
    </div>
  );
}
