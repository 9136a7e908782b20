import { RECENTLY_UPDATED_MS } from '@souk/domain/admin-limits';
import { type AdminOrder, asksUnpaidConfirmation } from '@souk/domain/admin-orders';
import { CANCELLED_ORDER_STATUS, type OrderStatus } from '@souk/domain/order-status';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { ActionOutcome } from '~/lib/form-action';
import { useOutcomeToast } from '~/lib/use-form';

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
export type Kept = { order: AdminOrder; index: number };
const NONE_KEPT: ReadonlyMap<number, Kept> = new Map();

/**
 * The screen's status changes: the outcome toasted ('Statut de la commande mis à jour', or why
 * not), the order just changed marked for RECENTLY_UPDATED_MS (2 s), the last change kept
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
    byId: NONE_KEPT,
  });
  // Another list (other filters, another page): what was kept for the last one is let go.
  if (kept.listKey !== listKey) setKept({ listKey, byId: NONE_KEPT });
  const keptNow = kept.listKey === listKey ? kept.byId : NONE_KEPT;
  const shown = useMemo(() => inSight(orders, keptNow), [orders, keptNow]);
  const shownRef = useRef(shown);
  shownRef.current = shown;

  const keep = useCallback(
    (id: number, update: (entry: Kept | undefined) => Kept | null) =>
      setKept((current) => {
        const byId = new Map(current.byId);
        const next = update(byId.get(id));
        if (next) byId.set(id, next);
        else byId.delete(id);
        return { ...current, byId };
      }),
    [],
  );
  const paymentChanged = useCallback(
    (id: number, paid_at: string | null) =>
      keep(id, (entry) => (entry ? { ...entry, order: { ...entry.order, paid_at } } : null)),
    [keep],
  );

  /**
   * Records the change about to be posted, and keeps the order where it stands, already with the
   * status it goes to (a second change posted before the first is answered takes over the
   * fetcher: the first's answer is never heard). Confirmed unpaid: not asked again for it.
   */
  const send = (change: StatusChange, confirmedUnpaid: boolean) => {
    asked.current = change;
    const index = shownRef.current.findIndex((o) => o.id === change.order.id);
    if (index < 0) return;
    const order = {
      ...change.order,
      status: change.status,
      ...(confirmedUnpaid ? { unpaid_confirmed: true } : {}),
    };
    keep(order.id, (entry) => ({ order, index: entry?.index ?? index }));
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
    } else {
      // Refused: where the order now is, the list read again tells (or it left this list).
      keep(change.order.id, () => null);
    }
  }, [fetcher.state, fetcher.data, setRecent, keep]);

  const post = (change: StatusChange, confirmedUnpaid: boolean) =>
    fetcher.submit(
      {
        intent: 'status',
        id: String(change.order.id),
        status: change.status,
        ...(confirmedUnpaid ? { confirmed_unpaid: 'true' } : {}),
      },
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
    /** A kept order's payment as the server answered it ('Paiement reçu' on a kept card). */
    paymentChanged,
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
        post(change, false);
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
        post(unpaid, true);
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
export function inSight(orders: AdminOrder[], kept: ReadonlyMap<number, Kept>): AdminOrder[] {
  if (kept.size === 0) return orders;
  const read = new Map(orders.map((o) => [o.id, o]));
  const shown = [...orders];
  for (const entry of [...kept.values()].sort((a, b) => a.index - b.index)) {
    if (read.has(entry.order.id)) continue;
    shown.splice(Math.min(entry.index, shown.length), 0, entry.order);
  }
  return shown;
}
