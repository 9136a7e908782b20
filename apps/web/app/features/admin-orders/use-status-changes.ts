import { RECENTLY_UPDATED_MS } from '@souk/domain/admin-limits';
import type { AdminOrder } from '@souk/domain/admin-orders';
import { CANCELLED_ORDER_STATUS, type OrderStatus } from '@souk/domain/order-status';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { type ActionOutcome, useOutcomeToast } from '~/lib/action-outcome';

/**
 * Every status button of the screen, on a card or in the details, posts through this one fetcher:
 * one place hears the answers (one toast each, the marker, the WhatsApp offer). A second change
 * posted before the first is answered takes over the fetcher; the first is still made, and the
 * list read again shows it.
 */
export const STATUS_FETCHER = 'order-status';

/** One change asked: the order as it was, and the status it goes to. */
export type StatusChange = { order: AdminOrder; status: OrderStatus };

/** What an order's status buttons need from the screen. */
export type StatusControls = {
  /** The change awaiting its answer (its order already shows the status it goes to). */
  pending: { id: number; status: OrderStatus } | null;
  /** A status form calls it as it posts: the order the answer will be about. */
  sending: (change: StatusChange) => void;
  /** 'Annuler la commande' asks before it posts. */
  askCancel: (order: AdminOrder) => void;
};

/** The status an order shows: the one it goes to while the change is awaited (then the answer's). */
export const awaitedStatus = (order: AdminOrder, pending: StatusControls['pending']) =>
  pending?.id === order.id ? pending.status : order.status;

/** The last value given, for `ms`, then null: a timer, so the marker goes even if nothing else renders. */
function useFleeting<T>(ms: number) {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (value === null) return;
    const timer = setTimeout(() => setValue(null), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return [value, setValue] as const;
}

/**
 * The screen's status changes: the outcome toasted ('Statut de la commande mis à jour', or why
 * not), the order just changed marked for RECENTLY_UPDATED_MS (spec §9: 2 s), the last change kept
 * for the offer to tell the client, and the cancellation waiting for its confirmation.
 */
export function useStatusChanges() {
  const fetcher = useFetcher<ActionOutcome>({ key: STATUS_FETCHER });
  useOutcomeToast(fetcher.data);
  const asked = useRef<StatusChange | null>(null);
  const answered = useRef(fetcher.data);
  const [done, setDone] = useState<StatusChange | null>(null);
  const [recent, setRecent] = useFleeting<StatusChange>(RECENTLY_UPDATED_MS);
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);

  useEffect(() => {
    // Once the list has been read again (the fetcher idle), so the marker lands on the new status.
    if (fetcher.state !== 'idle' || fetcher.data === answered.current) return;
    answered.current = fetcher.data;
    if (fetcher.data?.ok && asked.current) {
      setDone(asked.current);
      setRecent(asked.current);
    }
  }, [fetcher.state, fetcher.data, setRecent]);

  const sent = fetcher.formData;
  const controls: StatusControls = {
    pending: sent ? { id: Number(sent.get('id')), status: sent.get('status') as OrderStatus } : null,
    sending: (change) => {
      asked.current = change;
    },
    askCancel: setCancelling,
  };

  return {
    controls,
    /** The order marked 'Mis à jour', if any. */
    recentId: recent?.order.id ?? null,
    /** The last change made, until the offer is closed. */
    done,
    closeOffer: () => setDone(null),
    cancellation: {
      order: cancelling,
      confirm: () => {
        if (!cancelling) return;
        asked.current = { order: cancelling, status: CANCELLED_ORDER_STATUS };
        fetcher.submit(
          { intent: 'status', id: String(cancelling.id), status: CANCELLED_ORDER_STATUS },
          { method: 'post' },
        );
        setCancelling(null);
      },
      cancel: () => setCancelling(null),
    },
  };
}
