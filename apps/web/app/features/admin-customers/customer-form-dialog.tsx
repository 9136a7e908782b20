import { type AdminCustomer, CustomerProfileInputSchema } from '@souk/domain/admin-customers';
import { formatPhone } from '@souk/domain/phone-format';
import { whatsappLink } from '@souk/domain/shop';
import { phoneFieldHint } from '@souk/domain/shop-locale';
import { buttonClass } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { TextField } from '~/components/ui/form-fields';
import { WhatsappIcon } from '~/components/ui/page-icons';
import { SaveFormDialog } from '~/components/ui/save-form-dialog';
import { NEW_TAB } from '~/lib/new-tab';

export const CUSTOMER_FORM_FETCHER = 'save-customer';

/**
 * 'Modifier le profil', and the empty state's 'Ajouter un client' (in the original shop the button
 * did nothing): name, WhatsApp number and optional e-mail, checked by the registration's rules
 * before sending.
 */
export function CustomerFormDialog({
  open,
  customer,
  onClose,
}: {
  open: boolean;
  /** The customer edited; null to create an account. */
  customer: AdminCustomer | null;
  onClose: () => void;
}) {
  return (
    <SaveFormDialog
      fetcherKey={CUSTOMER_FORM_FETCHER}
      schema={CustomerProfileInputSchema}
      title={customer ? 'Modifier le profil' : 'Nouveau client'}
      open={open}
      onClose={onClose}
      id={customer?.id}
      intent={customer ? 'save' : 'create'}
      size="md"
    >
      {(errors) => (
        <>
          <TextField
            id="customer-name"
            name="name"
            label="Nom complet"
            defaultValue={customer?.name ?? ''}
            error={errors.name}
            autoComplete="off"
          />
          <TextField
            id="customer-phone"
            name="whatsapp_phone"
            type="tel"
            label="Numéro WhatsApp"
            defaultValue={customer?.whatsapp_phone ? formatPhone(customer.whatsapp_phone) : ''}
            error={errors.whatsapp_phone}
            hint={phoneFieldHint()}
            autoComplete="off"
          />
          <TextField
            id="customer-email"
            name="email"
            type="email"
            label="Email"
            required={false}
            defaultValue={customer?.email ?? ''}
            error={errors.email}
            autoComplete="off"
          />
          {!customer && (
            <p className="text-sm text-stone-600">
              Le client choisira son mot de passe avec le lien que vous lui enverrez (valable 7 jours).
            </p>
          )}
        </>
      )}
    </SaveFormDialog>
  );
}

export type WelcomeLink = {
  name: string;
  whatsapp_phone: string;
  password_link: string;
  emailed: string;
  /** A new account (else a new link for an existing one). */
  created: boolean;
};

/**
 * Once an account is created, or a new link asked for: the link with which the customer chooses a
 * password, to send over WhatsApp in one tap (it was also e-mailed when the customer has an address).
 */
export function WelcomeLinkDialog({
  welcome,
  onClose,
}: {
  welcome: WelcomeLink | null;
  onClose: () => void;
}) {
  const message = welcome
    ? `Bonjour ${welcome.name}, ${welcome.created ? 'votre compte Souk est prêt' : 'voici votre lien Souk'}. Choisissez votre mot de passe ici : ${welcome.password_link}`
    : '';
  return (
    <Dialog
      open={welcome !== null}
      onClose={onClose}
      title={welcome?.created === false ? 'Lien de mot de passe' : 'Compte client créé'}
      size="md"
      closeButton
    >
      {welcome && (
        <div className="flex flex-col gap-4 text-sm text-stone-800">
          <p>
            Envoyez ce lien à {welcome.name} pour qu'il choisisse son mot de passe (valable 7 jours).
            {welcome.emailed === 'true' && ' Il lui a aussi été envoyé par email.'}
          </p>
          <label htmlFor="welcome-link" className="font-semibold">
            Lien de création du mot de passe
          </label>
          <input
            id="welcome-link"
            readOnly
            value={welcome.password_link}
            onFocus={(event) => event.currentTarget.select()}
            className="h-11 w-full rounded-lg border border-stone-300 bg-stone-50 px-3 text-sm"
          />
          {welcome.whatsapp_phone && (
            <a
              href={whatsappLink(welcome.whatsapp_phone, message)}
              {...NEW_TAB}
              className={buttonClass('primary', 'md')}
            >
              <WhatsappIcon className="h-4 w-4" />
              Envoyer le lien par WhatsApp
            </a>
          )}
        </div>
      )}
    </Dialog>
  );
}
