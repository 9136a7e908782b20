import type { AdminOrderDetail } from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import { formatPhone } from '@souk/domain/phone-format';
import { whatsappLink } from '@souk/domain/shop';
import { type WhatsappMessageState, whatsappStateLine } from '@souk/domain/whatsapp';
import { buttonClass } from '~/components/ui/button';
import { WhatsappIcon } from '~/components/ui/page-icons';
import { NEW_TAB } from '~/lib/new-tab';

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

/**
 * The messages the shop sent itself about the order (the Cloud API), each with what became of it:
 * 'Envoyé', 'Remis', 'Lu', 'Échec : <why>'. One that failed, or whose sending is uncertain, offers
 * the owner's tap in its place, with the same words. A client without a WhatsApp number is said to
 * get none.
 */
export function OrderWhatsappMessages({ order }: { order: AdminOrderDetail }) {
  const { automatic, messages } = order.whatsapp;
  const phone = order.client.whatsapp_phone;
  return (
    <div className="flex flex-col gap-3">
      {automatic && !phone?.startsWith('+') && (
        <p className="text-sm text-stone-700">
          Pas de numéro WhatsApp utilisable pour ce client : aucun message automatique ne lui est envoyé.
        </p>
      )}
      {messages.length === 0 ? (
        <p className="text-sm text-stone-600">Aucun message envoyé pour l'instant.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((message) => (
            <li key={message.id} className="flex flex-col gap-1 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-stone-900">
                  {message.audience === 'customer'
                    ? 'Au client'
                    : `À l'équipe (${formatPhone(message.recipient)})`}
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
                  Envoi incertain{message.reason ? ` (${message.reason})` : ''} : il a pu partir. Vérifiez
                  dans WhatsApp avant de l'envoyer à la main.
                </p>
              )}
              {(message.state === 'failed' || message.state === 'uncertain') && (
                <a
                  href={whatsappLink(message.recipient, message.body)}
                  {...NEW_TAB}
                  className={`${buttonClass('secondary', 'sm')} self-start`}
                >
                  <WhatsappIcon className="h-4 w-4" />
                  Envoyer à la main
                  <span className="sr-only"> (WhatsApp, nouvel onglet)</span>
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
