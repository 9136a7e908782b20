import { formatDateTime } from '@souk/domain/dates';
import { formatPhone } from '@souk/domain/phone-format';
import { whatsappLink } from '@souk/domain/shop';
import { countLabel } from '@souk/domain/text';
import { receivedKindLabel, type WhatsappInbox } from '@souk/domain/whatsapp';
import { useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { WhatsappIcon } from '~/components/ui/page-icons';
import { showToast } from '~/components/ui/toast';
import { browserApi } from '~/lib/api.client';
import { failureMessage } from '~/lib/api-client';
import { NEW_TAB } from '~/lib/new-tab';
import { WAITING_ORDERS_HREF } from '~/lib/waiting-orders';
import { BellIcon } from './admin-icons';

const MARK_FAILED = 'Impossible de marquer les messages comme lus';

const waitingLabel = (pendingOrders: number) =>
  pendingOrders === 0 ? 'Aucune commande en attente' : `${countLabel(pendingOrders, 'commande')} en attente`;

const BELL_CLASS =
  'relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100';

/** The bell's number: more than 99 reads '99+'. */
function Count({ value }: { value: number }) {
  if (value === 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute top-1 right-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
    >
      {value > 99 ? '99+' : value}
    </span>
  );
}

/** One customer's message in the bell: who, when, what; her order, and the way to answer her. */
function InboxMessage({
  message,
  onOpenOrder,
}: {
  message: WhatsappInbox['messages'][number];
  onOpenOrder: () => void;
}) {
  const kind = receivedKindLabel(message.kind);
  const number = formatPhone(message.sender);
  return (
    <li className="flex flex-col gap-1 border-b border-stone-200 pb-3 text-sm last:border-0">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold text-stone-900">{message.name ?? number}</span>
        {message.name && <span className="text-stone-600">{number}</span>}
        <time dateTime={message.at} className="text-stone-600">
          {formatDateTime(message.at)}
        </time>
      </p>
      <p className="line-clamp-3 whitespace-pre-line text-stone-800">
        {kind && (
          <span className="mr-1 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-semibold">{kind}</span>
        )}
        {message.body}
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {message.order ? (
          <Link
            to={`/admin/orders?details=${message.order.id}`}
            onClick={onOpenOrder}
            className="font-medium text-emerald-800 underline underline-offset-2"
          >
            Commande {message.order.order_number}
          </Link>
        ) : (
          <span className="text-stone-600">Aucune commande en cours pour ce numéro</span>
        )}
        <a
          href={whatsappLink(message.sender, '')}
          {...NEW_TAB}
          className="inline-flex items-center gap-1 font-medium text-emerald-800 underline underline-offset-2"
        >
          <WhatsappIcon className="h-4 w-4" />
          Répondre
          <span className="sr-only"> à {message.name ?? number} sur WhatsApp (nouvel onglet)</span>
        </a>
      </p>
    </li>
  );
}

/**
 * The bell. Without the WhatsApp Cloud API, a link to the orders waiting (their number on it).
 * With it, a button that opens what waits for the owner: the orders, and the customers' messages
 * not yet marked read (from a number with no order too), each leading to its order and to WhatsApp.
 */
export function AdminBell({ pendingOrders, inbox }: { pendingOrders: number; inbox: WhatsappInbox | null }) {
  const [open, setOpen] = useState(false);
  const [marking, setMarking] = useState(false);
  // After 'Marquer comme lu' the list and its button are gone: focus goes to what replaced them.
  const [marked, setMarked] = useState(false);
  const empty = useRef<HTMLParagraphElement>(null);
  const { revalidate } = useRevalidator();
  const none = inbox?.messages.length === 0;
  useEffect(() => {
    if (marked && none) {
      empty.current?.focus();
      setMarked(false);
    }
  }, [marked, none]);
  const waiting = waitingLabel(pendingOrders);
  if (!inbox)
    return (
      <Link to={WAITING_ORDERS_HREF} aria-label={waiting} title={waiting} className={BELL_CLASS}>
        <BellIcon className="h-6 w-6" />
        <Count value={pendingOrders} />
      </Link>
    );
  const unread =
    inbox.total === 0
      ? 'aucun message WhatsApp non lu'
      : countLabel(inbox.total, 'message WhatsApp non lu', 'messages WhatsApp non lus');
  const label = `Notifications : ${waiting.toLowerCase()}, ${unread}`;
  const markRead = async () => {
    setMarking(true);
    const result = await browserApi
      .post('/admin/whatsapp/seen', { body: { ids: inbox.messages.map((m) => m.id) } })
      .catch(() => null);
    setMarking(false);
    if (!result?.ok) {
      showToast({ message: result ? failureMessage(result, MARK_FAILED) : MARK_FAILED, tone: 'error' });
      return;
    }
    await revalidate();
    setMarked(true);
  };
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={BELL_CLASS}
      >
        <BellIcon className="h-6 w-6" />
        <Count value={pendingOrders + inbox.total} />
      </button>
      <Dialog open={open} onClose={close} title="Notifications" size="md" closeButton>
        <div className="flex flex-col gap-4">
          <Link
            to={WAITING_ORDERS_HREF}
            onClick={close}
            className="font-semibold text-emerald-800 underline underline-offset-2"
          >
            {waiting}
          </Link>
          <section aria-labelledby="bell-whatsapp" className="flex flex-col gap-3">
            <h3 id="bell-whatsapp" className="font-semibold text-stone-900">
              Messages WhatsApp des clients
            </h3>
            {inbox.messages.length === 0 ? (
              <p ref={empty} tabIndex={-1} className="text-sm text-stone-600">
                Aucun message non lu.
              </p>
            ) : (
              <>
                <ul className="flex max-h-[60dvh] flex-col gap-3 overflow-y-auto">
                  {inbox.messages.map((message) => (
                    <InboxMessage key={message.id} message={message} onOpenOrder={close} />
                  ))}
                </ul>
                {inbox.total > inbox.messages.length && (
                  <p className="text-sm text-stone-600">
                    Et{' '}
                    {countLabel(
                      inbox.total - inbox.messages.length,
                      'message plus ancien',
                      'messages plus anciens',
                    )}
                    .
                  </p>
                )}
                <Button
                  variant="secondary"
                  size="sm"
                  pending={marking}
                  onClick={markRead}
                  className="self-start"
                >
                  Marquer comme lu
                </Button>
              </>
            )}
          </section>
        </div>
      </Dialog>
    </>
  );
}
