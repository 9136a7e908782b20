import {
  type AdminCustomer,
  CUSTOMER_TIER_LABELS,
  type CustomerAction,
  type CustomerTier,
} from '@souk/domain/admin-customers';
import { formatDateTime, formatShortDate } from '@souk/domain/dates';
import { formatPhone } from '@souk/domain/phone-format';
import { whatsappLink } from '@souk/domain/shop';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { EmailContactLink, WhatsappContactLink } from '~/components/ui/contact-links';

// The pieces a customer is shown with, in the table, the phone's cards and the profile alike.

const TIER_TONES: Record<CustomerTier, BadgeTone> = { vip: 'warning', regular: 'info', new: 'neutral' };

/** VIP, Régulier or Nouveau (ADR 0019). */
export function TierBadge({ tier }: { tier: CustomerTier }) {
  return <Badge tone={TIER_TONES[tier]}>{CUSTOMER_TIER_LABELS[tier]}</Badge>;
}

/** The profile's 'Envoyer un lien de mot de passe': its answer opens the link's dialog. */
export const PASSWORD_LINK_FETCHER = 'customer-password-link';

/** What can be done to the customer's access now: block an active one, unblock a blocked one. */
export const statusAction = (customer: Pick<AdminCustomer, 'status'>): CustomerAction =>
  customer.status === 'active' ? 'block' : 'unblock';

export const displayName = (customer: Pick<AdminCustomer, 'name'>) => customer.name.trim() || 'Nom inconnu';

/** The initial in a circle, with the crown of a VIP. */
export function CustomerAvatar({ customer, size = 'md' }: { customer: AdminCustomer; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-16 w-16 text-2xl' : 'h-10 w-10 text-base';
  return (
    <span
      className={`relative inline-flex shrink-0 items-center justify-center rounded-full bg-amber-100 font-bold text-amber-900 ${box}`}
    >
      <span aria-hidden="true">{displayName(customer).charAt(0).toUpperCase()}</span>
      {customer.tier === 'vip' && (
        <span className="absolute -top-2 -right-1 text-base" role="img" aria-label="Client VIP">
          👑
        </span>
      )}
    </span>
  );
}

export const phoneText = (customer: AdminCustomer) =>
  customer.whatsapp_phone ? formatPhone(customer.whatsapp_phone) : 'Non renseigné';

export const lastLoginText = (customer: AdminCustomer) =>
  customer.last_login_at
    ? `Dernière connexion : ${formatDateTime(customer.last_login_at)}`
    : 'Jamais connecté';

export const lastOrderText = (customer: AdminCustomer) =>
  customer.last_order_at ? formatShortDate(customer.last_order_at) : 'Aucune commande';

/** 'Nouveau / Client récent' before the first order, else 'Actif' since the last one. */
export function ActivityText({ customer }: { customer: AdminCustomer }) {
  if (!customer.last_order_at) return <span className="text-stone-600">Nouveau / Client récent</span>;
  return (
    <span>
      <span className="font-medium text-emerald-800">Actif</span>
      <span className="block text-xs text-stone-600">
        Dernière commande le {formatShortDate(customer.last_order_at)}
      </span>
    </span>
  );
}

/** Reaching the customer: WhatsApp, and e-mail only when they have one. */
export function CustomerContactLinks({ customer }: { customer: AdminCustomer }) {
  const name = displayName(customer);
  return (
    <>
      {customer.whatsapp_phone && (
        <WhatsappContactLink href={whatsappLink(customer.whatsapp_phone, `Bonjour ${name},`)} name={name} />
      )}
      {customer.email && <EmailContactLink href={`mailto:${customer.email}`} name={name} />}
    </>
  );
}
