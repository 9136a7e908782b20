import type { AdminOrder } from '@souk/domain/admin-orders';
import { orderMailLink, orderStatusMessage, type ShopContact } from '@souk/domain/order-messages';
import { phoneCallLink, whatsappLink } from '@souk/domain/shop';
import { Button, buttonClass } from '~/components/ui/button';
import { EmailContactLink, WhatsappContactLink } from '~/components/ui/contact-links';
import { PhoneIcon, WhatsappIcon } from '~/components/ui/page-icons';
import { NEW_TAB } from '~/lib/new-tab';
import type { Told } from './use-status-changes';

/**
 * Reaching the client: a call, an e-mail when they gave one, WhatsApp; the e-mail and
 * WhatsApp come written with the message that fits the order's status as it is now.
 */
export function OrderContactLinks({ order, shop }: { order: AdminOrder; shop: ShopContact }) {
  const { name, whatsapp_phone: phone, email } = order.client;
  const linkClass = buttonClass('secondary', 'sm');
  return (
    <div className="flex flex-wrap gap-2">
      {phone && (
        <a href={phoneCallLink(phone)} aria-label={`Appeler ${name}`} className={linkClass}>
          <PhoneIcon className="h-4 w-4" />
          Appeler
        </a>
      )}
      {email && <EmailContactLink href={orderMailLink(email, order, shop)} name={name} />}
      {phone && (
        <WhatsappContactLink href={whatsappLink(phone, orderStatusMessage(order, shop))} name={name} />
      )}
    </div>
  );
}

/**
 * After a change — a status, a cancellation with its reason, a refund, a reinstatement — the client
 * is told: by the shop itself when it writes on WhatsApp (said, no tap: a second message would be a
 * duplicate), else in one tap: WhatsApp opens with the message that fits the order as the server answered it
 * (who cancelled and why, the refund and how). A customer without an e-mail hears of it only this
 * way. A live region there from the start, so the offer is read out when it appears; it stays until
 * it is closed or the next change replaces it. It floats over the list, or sits `inline` in the
 * details dialog (a modal hides whatever floats behind it).
 */
/** Whether the shop itself told the client of the change: it writes by itself, to her number (international). */
const writesItself = (told: Told) =>
  Boolean(told.order.whatsapp?.automatic && told.order.client.whatsapp_phone?.startsWith('+'));

export function StatusMessageOffer({
  told,
  shop,
  onClose,
  inline = false,
}: {
  told: Told | null;
  shop: ShopContact;
  onClose: () => void;
  inline?: boolean;
}) {
  const phone = told?.order.client.whatsapp_phone;
  return (
    <div
      role="status"
      className={
        inline ? '' : 'pointer-events-none fixed inset-x-3 bottom-3 z-40 md:right-4 md:left-auto md:w-96'
      }
    >
      {told && phone && writesItself(told) && (
        <div className="pointer-events-auto flex flex-wrap items-center justify-between gap-2 rounded-xl border border-emerald-200 bg-white p-4 text-sm shadow-lg">
          <p className="break-words text-stone-800">
            Commande {told.order.order_number} : {told.news}. Le message WhatsApp part tout seul vers{' '}
            {told.order.client.name}.
          </p>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Fermer
          </Button>
        </div>
      )}
      {told && phone && !writesItself(told) && (
        <div className="pointer-events-auto flex flex-col gap-3 rounded-xl border border-emerald-200 bg-white p-4 text-sm shadow-lg">
          <p className="break-words text-stone-800">
            Commande {told.order.order_number} : {told.news}. Prévenez {told.order.client.name} sur WhatsApp.
          </p>
          <div className="flex flex-wrap gap-2">
            <a
              href={whatsappLink(phone, orderStatusMessage(told.order, shop))}
              {...NEW_TAB}
              className={buttonClass('primary', 'sm')}
            >
              <WhatsappIcon className="h-4 w-4" />
              Envoyer le message WhatsApp
            </a>
            <Button variant="ghost" size="sm" onClick={onClose}>
              Fermer
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
