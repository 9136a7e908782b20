import { phoneFieldHint } from '@souk/domain/shop-locale';
import { TextField } from '~/components/ui/form-fields';
import { NewPasswordFields } from './password-fields';

/** Name, WhatsApp number, optional e-mail and password: what every account creation asks. */
export function NewAccountFields({
  idPrefix,
  values,
  errors,
  phoneHint,
  emailHint,
  confirmLabel,
}: {
  idPrefix: string;
  values: Partial<Record<'name' | 'whatsapp_phone' | 'email', string>>;
  errors: Partial<Record<string, string>>;
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
