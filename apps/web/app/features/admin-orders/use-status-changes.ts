import { RECENTLY_UPDATED_MS } from '@souk/domain/admin-limits';
import { type AdminOrder, asksUnpaidConfirmation } from '@souk/domain/admin-orders';
import { CANCELLED_ORDER_STATUS, type OrderStatus } from '@souk/domain/order-status';
import { useEffect, useMemo, useRef, useState } from 'react';
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
  /**
   * A step forward asks first when the order is unpaid and the owner has not yet moved it on
   * unpaid (asksUnpaidConfirmation); true when it asked (the form must not post).
   */
  asksFirst: (change: StatusChange) => boolean;
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

/** An order moved from this screen and where it stood in the list: kept in sight there. */
type Kept = { order: AdminOrder; index: number };

/**
 * The screen's status changes: the outcome toasted ('Statut de la commande mis à jour', or why
 * not), the order just changed marked for RECENTLY_UPDATED_MS (spec §9: 2 s), the last change kept
 * for the offer to tell the client, the cancellation and the unpaid step waiting for their
 * confirmation. An order moved from here stays where it was, with its new status, when the list
 * read again no longer holds it (filtered on 'en attente', it has just been accepted), until the
 * filters or the page change or the screen is loaded again: the owner can take it on to 'prête'.
 * `listKey` is the list's address (filters and page).
 */
export function useStatusChanges(orders: AdminOrder[], listKey: string) {
  const fetcher = useFetcher<ActionOutcome>({ key: STATUS_FETCHER });
  useOutcomeToast(fetcher.data);
  const asked = useRef<StatusChange | null>(null);
  const answered = useRef(fetcher.data);
  const [done, setDone] = useState<StatusChange | null>(null);
  const [recent, setRecent] = useFleeting<StatusChange>(RECENTLY_UPDATED_MS);
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  const [unpaid, setUnpaid] = useState<StatusChange | null>(null);
  const [kept, setKept] = useState<{ listKey: string; byId: ReadonlyMap<number, Kept> }>({
    listKey,
    byId: new Map(),
  });
  const keptNow = kept.listKey === listKey ? kept.byId : new Map<number, Kept>();
  const shown = useMemo(() => inSight(orders, keptNow), [orders, keptNow]);
  const shownRef = useRef(shown);
  shownRef.current = shown;

  /** Records the change about to be posted, and the order's place so it stays there. */
  const send = (change: StatusChange, confirmedUnpaid: boolean) => {
    asked.current = change;
    const index = shownRef.current.findIndex((o) => o.id === change.order.id);
    if (index < 0) return;
    // Confirmed unpaid: the owner will not be asked again for this order.
    const order = confirmedUnpaid ? { ...change.order, moved_unpaid: true } : change.order;
    setKept((current) => {
      const byId = new Map(current.listKey === listKey ? current.byId : []);
      byId.set(order.id, { order, index });
      return { listKey, byId };
    });
  };

  useEffect(() => {
    // Once the list has been read again (the fetcher idle), so the marker lands on the new status.
    if (fetcher.state !== 'idle' || fetcher.data === answered.current) return;
    answered.current = fetcher.data;
    const change = asked.current;
    if (!change) return;
    if (fetcher.data?.ok) {
      setDone(change);
      setRecent(change);
    }
    // Kept with the status it moved to; a refused change is not kept (the list shows where it is).
    setKept((current) => {
      const byId = new Map(current.byId);
      const entry = byId.get(change.order.id);
      if (!entry) return current;
      if (fetcher.data?.ok)
        byId.set(change.order.id, { ...entry, order: { ...entry.order, status: change.status } });
      else byId.delete(change.order.id);
      return { ...current, byId };
    });
  }, [fetcher.state, fetcher.data, setRecent]);

  const post = (change: StatusChange) =>
    fetcher.submit(
      { intent: 'status', id: String(change.order.id), status: change.status },
      { method: 'post' },
    );

  const sent = fetcher.formData;
  const controls: StatusControls = {
    pending: sent ? { id: Number(sent.get('id')), status: sent.get('status') as OrderStatus } : null,
    sending: (change) => send(change, false),
    askCancel: setCancelling,
    asksFirst: (change) => {
      if (!asksUnpaidConfirmation(change.order, change.status)) return false;
      setUnpaid(change);
      return true;
    },
  };

  return {
    controls,
    /** The orders as shown: the list read, and those moved from here kept where they were. */
    shown,
    /** The order marked 'Mis à jour', if any. */
    recentId: recent?.order.id ?? null,
    /** The last change made, until the offer is closed. */
    done,
    closeOffer: () => setDone(null),
    cancellation: {
      order: cancelling,
      confirm: () => {
        if (!cancelling) return;
        const change = { order: cancelling, status: CANCELLED_ORDER_STATUS };
        send(change, false);
        post(change);
        setCancelling(null);
      },
      cancel: () => setCancelling(null),
    },
    /** A step forward of an unpaid order, waiting for 'continue without payment'. */
    unpaidStep: {
      change: unpaid,
      confirm: () => {
        if (!unpaid) return;
        send(unpaid, true);
        post(unpaid);
        setUnpaid(null);
      },
      cancel: () => setUnpaid(null),
    },
  };
}

/**
 * The list read, with each order moved from this screen that it no longer holds put back where it
 * stood (in the order of those places, so each lands where it was).
 */
function inSight(orders: AdminOrder[], kept: ReadonlyMap<number, Kept>): AdminOrder[] {
  if (kept.size === 0) return orders;
  const read = new Map(orders.map((o) => [o.id, o]));
  const shown = [...orders];
  for (const entry of [...kept.values()].sort((a, b) => a.index - b.index)) {
    if (read.has(entry.order.id)) continue;
    shown.splice(Math.min(entry.index, shown.length), 0, entry.order);
  }
  return shown;
}
