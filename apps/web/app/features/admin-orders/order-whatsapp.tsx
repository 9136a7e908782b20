import type { AdminOrderDetail } from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import { formatPhone } from '@souk/domain/phone-format';
import { whatsappLink } from '@souk/domain/shop';
import {
  receivedKindLabel,
  type WhatsappMessageState,
  type WhatsappMessageView,
  type WhatsappReceivedView,
  whatsappStateLine,
} from '@souk/domain/whatsapp';
import { Button, buttonClass } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { WhatsappIcon } from '~/components/ui/page-icons';
import { NEW_TAB } from '~/lib/new-tab';
import { useConfirmedAction } from '~/lib/use-form';

// One colour per state, so the owner sees at a glance what left, arrived, was read or failed.
const STATE_STYLES: Record<WhatsappMessageState, string> = {
  queued: 'bg-stone-100 text-stone-800 ring-stone-300',
  sending: 'bg-stone-100 text-stone-800 ring-stone-300',
  sent: 'bg-sky-50 text-sky-950 ring-sky-300',
  delivered: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  read: 'bg-emerald-100 text-emerald-950 ring-emerald-400',
  failed: 'bg-red-50 text-red-900 ring-red-300',
  uncertain: 'bg-amber-50 text-amber-950 ring-amber-300',
};

/** One of the shop's messages: to whom, its state, its words; the tap and 'Renvoyer' when it may not have reached her. */
function SentMessage({ message, onResend }: { message: WhatsappMessageView; onResend: () => void }) {
  return (
    <li className="flex flex-col gap-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-stone-900">
          {message.audience === 'customer' ? 'Au client' : `À l'équipe (${formatPhone(message.recipient)})`}
        </span>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE_STYLES[message.state]}`}
        >
          {whatsappStateLine(message)}
        </span>
        <time dateTime={message.at} className="text-stone-600">
          {formatDateTime(message.at)}
        </time>
      </p>
      <p className="line-clamp-2 whitespace-pre-line text-stone-700">{message.body}</p>
      {message.state === 'uncertain' && (
        <p className="text-amber-950">
          Envoi incertain{message.reason ? ` (${message.reason})` : ''} : il a pu partir. Vérifiez dans
          WhatsApp avant de l'envoyer de nouveau.
        </p>
      )}
      {message.resent && <p className="text-stone-600">Renvoyé (voir plus bas).</p>}
      {(message.state === 'failed' || message.state === 'uncertain') && !message.resent && (
        <p className="flex flex-wrap gap-2">
          {message.resendable && (
            <Button
              size="sm"
              variant="secondary"
              onClick={onResend}
              aria-label={`Renvoyer le message du ${formatDateTime(message.written_at)}`}
            >
              Renvoyer
            </Button>
          )}
          <a
            href={whatsappLink(message.recipient, message.body)}
            {...NEW_TAB}
            className={buttonClass('secondary', 'sm')}
          >
            <WhatsappIcon className="h-4 w-4" />
            Envoyer à la main
            <span className="sr-only"> (WhatsApp, nouvel onglet)</span>
          </a>
        </p>
      )}
    </li>
  );
}

/** A message the customer wrote to the shop: a photo or a voice note is said as such. */
function ReceivedMessage({ message }: { message: WhatsappReceivedView }) {
  const kind = receivedKindLabel(message.kind);
  return (
    <li className="flex flex-col gap-1 rounded-xl bg-emerald-50 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-stone-900">Du client</span>
        <time dateTime={message.at} className="text-stone-600">
          {formatDateTime(message.at)}
        </time>
      </p>
      <p className="whitespace-pre-line text-stone-800">
        {kind && <span className="mr-1 rounded bg-white px-1.5 py-0.5 text-xs font-semibold">{kind}</span>}
        {message.body}
      </p>
    </li>
  );
}

type Line = { at: string; sent: WhatsappMessageView } | { at: string; received: WhatsappReceivedView };

/**
 * The order's WhatsApp conversation as the shop knows it (the Cloud API): the messages it sent
 * itself, each with what became of it ('Envoyé', 'Remis', 'Lu', 'Échec : <why>'), and what the
 * customer wrote, in time order. One that failed, or whose sending is uncertain, offers 'Renvoyer'
 * (once, when it may pass) and the owner's tap in its place. A client without a WhatsApp number is
 * said to get none.
 */
export function OrderWhatsappMessages({ order }: { order: AdminOrderDetail }) {
  const { automatic, messages, received } = order.whatsapp;
  const phone = order.client.whatsapp_phone;
  const resend = useConfirmedAction('order-whatsapp-resend', (message: WhatsappMessageView) => ({
    intent: 'whatsapp-resend',
    id: String(order.id),
    message: String(message.id),
  }));
  const lines: Line[] = [
    ...messages.map((sent) => ({ at: sent.written_at, sent })),
    ...received.map((message) => ({ at: message.at, received: message })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <div className="flex flex-col gap-3">
      {automatic && !phone?.startsWith('+') && (
        <p className="text-sm text-stone-700">
          Pas de numéro WhatsApp utilisable pour ce client : aucun message automatique ne lui est envoyé.
        </p>
      )}
      {lines.length === 0 ? (
        <p className="text-sm text-stone-600">Aucun message envoyé pour l'instant.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {lines.map((line) =>
            'sent' in line ? (
              <SentMessage
                key={`s${line.sent.id}`}
                message={line.sent}
                onResend={() => resend.ask(line.sent)}
              />
            ) : (
              <ReceivedMessage key={`r${line.received.id}`} message={line.received} />
            ),
          )}
        </ol>
      )}
      <ConfirmDialog
        open={resend.target !== null}
        title="Renvoyer le message"
        message={
          resend.target?.state === 'uncertain'
            ? 'Ce message a peut-être déjà été reçu : le client pourrait le recevoir deux fois. Le renvoyer quand même ?'
            : 'Le message part de nouveau vers le même numéro, une seule fois.'
        }
        confirmLabel="Renvoyer"
        onConfirm={resend.confirm}
        onCancel={resend.cancel}
        pending={resend.pending}
      />
    </div>
  );
}
