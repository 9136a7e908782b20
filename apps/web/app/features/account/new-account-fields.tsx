import { PHONE_TAKEN } from '@souk/domain/account-messages';
import { phoneFieldHint } from '@souk/domain/shop-locale';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { TextField } from '~/components/ui/form-fields';
import { loginWith } from '~/lib/login-url';
import { NewPasswordFields } from './password-fields';

/** Name, WhatsApp number, optional e-mail and password: what every account creation asks. */
export function NewAccountFields({
  idPrefix,
  values,
  errors,
  loginReturn,
  phoneHint,
  emailHint,
  confirmLabel,
}: {
  idPrefix: string;
  values: Partial<Record<'name' | 'whatsapp_phone' | 'email', string>>;
  errors: Partial<Record<string, string>>;
  /** Where logging in with a number that already has an account leads back to (the cart). */
  loginReturn: string | null;
  /** Why the number is asked, before the forms it may take. */
  phoneHint?: string;
  emailHint?: string;
  /** The label of the password typed again, when the form asks for it. */
  confirmLabel?: string;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        name="name"
        label="Nom complet"
        autoComplete="name"
        defaultValue={values.name}
        error={errors.name}
      />
      <TextField
        id={`${idPrefix}-phone`}
        name="whatsapp_phone"
        label="Numéro WhatsApp"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={phoneHint ? `${phoneHint} ${phoneFieldHint()}` : phoneFieldHint()}
        defaultValue={values.whatsapp_phone}
        error={errors.whatsapp_phone}
      />
      {errors.whatsapp_phone === PHONE_TAKEN && values.whatsapp_phone && (
        // Right under the refusal (announced with the field, which gets focus), so a phone shows the
        // way in without scrolling to the footer's 'Se connecter'; a real link, so it works without
        // JavaScript too.
        <Link
          to={loginWith(values.whatsapp_phone, loginReturn)}
          aria-describedby={`${idPrefix}-phone-error`}
          className={`${buttonClass('secondary')} -mt-1 w-full`}
        >
          Se connecter avec ce numéro
        </Link>
      )}
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required={false}
        hint={emailHint}
        defaultValue={values.email}
        error={errors.email}
      />
      <NewPasswordFields id={`${idPrefix}-password`} errors={errors} confirmLabel={confirmLabel} />
    </>
  );
}
