import { RECENTLY_UPDATED_MS } from '@souk/domain/admin-limits';
import { type AdminOrder, type AdminOrderDetail, asksUnpaidConfirmation } from '@souk/domain/admin-orders';
import {
  CANCELLED_ORDER_STATUS,
  INITIAL_ORDER_STATUS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  REFUND_STATE_LABELS,
} from '@souk/domain/order-status';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { ActionOutcome } from '~/lib/form-action';
import { useOutcomeToast } from '~/lib/use-form';
import { useOrdersInSight } from './orders-in-sight';

/**
 * Every status change of the screen — a status button on a card or in the details, the
 * cancellation with its reason, 'Rétablir' — posts through this one fetcher: one place hears the
 * answers (one toast each, the marker, the WhatsApp offer). A second change posted before the first
 * is answered takes over the fetcher; the first is still made, and the list read again shows it.
 */
export const STATUS_FETCHER = 'order-status';

/** What the screen's order forms answer: on success, the order as the API answered it. */
/** The order as the action answered it: its details (their WhatsApp messages among them). */
export type OrderOutcome = ActionOutcome & {
  order?: AdminOrder & Partial<Pick<AdminOrderDetail, 'whatsapp'>>;
};

/** One change asked: the order as it was, and the status it goes to. */
export type StatusChange = { order: AdminOrder; status: OrderStatus };

/** A change made, to tell the client of: the order as answered, and what became of it in a word or two. */
export type Told = { order: AdminOrder & Partial<Pick<AdminOrderDetail, 'whatsapp'>>; news: string };

/** What an order's status buttons need from the screen. */
export type StatusControls = {
  /** The change awaiting its answer (its order already shows the status it goes to). */
  pending: { id: number; status: OrderStatus } | null;
  /** A status form calls it as it posts: the order the answer will be about. */
  sending: (change: StatusChange) => void;
  /** 'Annuler la commande' asks for the reason before it posts. */
  askCancel: (order: AdminOrder) => void;
  /** 'Rétablir (paiement reçu)' asks before it posts. */
  askReinstate: (order: AdminOrder) => void;
  /**
   * A step forward asks first when the order is unpaid and the owner has not yet moved it on
   * unpaid (asksUnpaidConfirmation); true when it asked (the form must not post).
   */
  asksFirst: (change: StatusChange) => boolean;
};

/** The status an order shows: the one it goes to while the change is awaited (then the answer's). */
export const awaitedStatus = (order: AdminOrder, pending: StatusControls['pending']) =>
  pending?.id === order.id ? pending.status : order.status;

/** The change a status form being sent asks: its order and the status it goes to, if it moves one. */
function pendingOf(form: FormData | undefined): StatusControls['pending'] {
  const id = Number(form?.get('id'));
  if (form?.get('intent') === 'reinstate') return { id, status: INITIAL_ORDER_STATUS };
  if (form?.get('intent') === 'status') return { id, status: form.get('status') as OrderStatus };
  return null;
}

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
 * not; a cancellation's missing reason shows in its dialog instead), the order just changed marked
 * for RECENTLY_UPDATED_MS (2 s), the last change kept for the offer to tell the client, the
 * cancellation, the reinstatement and the unpaid step waiting for their confirmation. An order
 * moved from here stays where it was, as the server answered it, when the list read again no
 * longer holds it (filtered on 'en attente', it has just been accepted), until the filters or the
 * page change or the screen is loaded again: the owner can take it on to 'prête'. `listKey` is the
 * list's address (filters and page).
 */
export function useStatusChanges(orders: AdminOrder[], listKey: string) {
  const fetcher = useFetcher<OrderOutcome>({ key: STATUS_FETCHER });
  const outcome = fetcher.data;
  useOutcomeToast(outcome, () => Boolean(outcome && !outcome.ok && outcome.failure.errors));
  const asked = useRef<StatusChange | null>(null);
  const answered = useRef(outcome);
  const [done, setDone] = useState<Told | null>(null);
  const [recent, setRecent] = useFleeting<number>(RECENTLY_UPDATED_MS);
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  const [reinstating, setReinstating] = useState<AdminOrder | null>(null);
  const [unpaid, setUnpaid] = useState<StatusChange | null>(null);
  const { shown, keep } = useOrdersInSight(orders, listKey);
  const shownRef = useRef(shown);
  shownRef.current = shown;

  /** A change made: the order kept in sight as answered, marked, and offered to tell the client. */
  const made = useCallback(
    (order: Told['order'], news: string) => {
      keep(order.id, (entry) => (entry ? { ...entry, order } : null));
      setDone({ order, news });
      setRecent(order.id);
    },
    [keep, setRecent],
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
    if (fetcher.state !== 'idle' || outcome === answered.current) return;
    answered.current = outcome;
    const change = asked.current;
    if (!change) return;
    if (outcome?.ok) {
      const order = outcome.order ?? { ...change.order, status: change.status };
      made(order, outcome.intent === 'reinstate' ? 'Rétablie' : ORDER_STATUS_LABELS[order.status]);
    } else {
      // Refused: where the order now is, the list read again tells (or it left this list).
      keep(change.order.id, () => null);
    }
  }, [fetcher.state, outcome, made, keep]);

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

  const controls: StatusControls = {
    pending: pendingOf(fetcher.formData),
    sending: (change) => send(change, false),
    askCancel: setCancelling,
    askReinstate: setReinstating,
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
    /**
     * A payment form's answer (order-payment.tsx, order-refund.tsx): a kept order as the server
     * answered it; a refund recorded is marked and offered to tell the client, like a status.
     */
    paymentAnswered: useCallback(
      (answer: OrderOutcome) => {
        if (!answer.ok || !answer.order) return;
        const { order } = answer;
        if (answer.intent === 'refund') made(order, REFUND_STATE_LABELS.done);
        else keep(order.id, (entry) => (entry ? { ...entry, order } : null));
      },
      [made, keep],
    ),
    /** The order marked 'Mis à jour', if any. */
    recentId: recent,
    /** The last change made, until the offer is closed. */
    done,
    closeOffer: () => setDone(null),
    /** The order whose cancellation dialog is open; its form posts itself (cancel-order-dialog.tsx). */
    cancellation: {
      order: cancelling,
      sending: () => {
        if (cancelling) send({ order: cancelling, status: CANCELLED_ORDER_STATUS }, false);
      },
      close: () => setCancelling(null),
    },
    /** An order released unpaid, waiting for 'Rétablir' to be confirmed. */
    reinstatement: {
      order: reinstating,
      confirm: () => {
        if (!reinstating) return;
        send({ order: reinstating, status: INITIAL_ORDER_STATUS }, false);
        fetcher.submit({ intent: 'reinstate', id: String(reinstating.id) }, { method: 'post' });
        setReinstating(null);
      },
      cancel: () => setReinstating(null),
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
