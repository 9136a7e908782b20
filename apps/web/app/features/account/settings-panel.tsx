import { PASSWORD_CHANGED, PROFILE_UPDATED } from '@souk/domain/account-messages';
import type { User } from '@souk/domain/auth';
import { type ShopPhone, whatsappLink } from '@souk/domain/shop';
import { phoneFieldHint } from '@souk/domain/shop-locale';
import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { FormBanner, TextField } from '~/components/ui/form-fields';
import { LogoutButton } from '~/components/ui/logout-button';
import type { FormFailure } from '~/lib/form-action';
import { accountSchema, useForm } from '~/lib/use-form';
import { sectionTitle } from './panel-styles';
import { CurrentPasswordField, NewPasswordFields } from './password-fields';

export const PROFILE_FIELDS = ['name', 'email', 'whatsapp_phone'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const FIELD_UI: Record<
  ProfileField,
  { label: string; type: 'text' | 'email' | 'tel'; autoComplete: string; inputMode?: 'email' | 'tel' }
> = {
  name: { label: 'Nom complet', type: 'text', autoComplete: 'name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  whatsapp_phone: { label: 'Numéro WhatsApp', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
};

const SECURITY_MESSAGE = "Bonjour, j'ai besoin d'aide concernant la sécurité de mon compte.";
export const SAVED_MESSAGES = { profile: PROFILE_UPDATED, password: PASSWORD_CHANGED } as const;

const card = 'rounded-2xl border border-stone-200 bg-white shadow-sm';
const primary =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-emerald-800 px-5 py-2 text-sm font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 disabled:opacity-80';
const secondary =
  'inline-flex min-h-11 items-center justify-center rounded-full border border-stone-300 bg-white px-5 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800';
const rowLink =
  'rounded-full px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-800';

/** The settings form the action refused, by its intent. */
export type SettingsFailure = FormFailure & { intent: string };

/** A field as shown: the number written out by the server (`phoneDisplay`), the rest as stored. */
const displayValue = (user: User, field: ProfileField, phoneDisplay: string | null) =>
  field === 'whatsapp_phone' ? phoneDisplay : user[field] || null;

/** 'Paramètres': one field edited at a time (?edit=…), security and account blocks. */
export function SettingsPanel({
  user,
  editing,
  passwordOpen,
  saved,
  failure,
  shopWhatsapp,
  phoneDisplay,
}: {
  user: User;
  phoneDisplay: string | null;
  editing: ProfileField | null;
  passwordOpen: boolean;
  saved: keyof typeof SAVED_MESSAGES | null;
  failure: SettingsFailure | undefined;
  shopWhatsapp: ShopPhone;
}) {
  return (
    <div className="flex flex-col gap-6">
      {saved && <FormBanner tone="success" message={SAVED_MESSAGES[saved]} />}

      <section aria-labelledby="settings-info" className={card}>
        <h2 id="settings-info" className={`${sectionTitle} px-4 pt-4`}>
          Informations personnelles
        </h2>
        <ul className="divide-y divide-stone-100">
          {PROFILE_FIELDS.map((field) => (
            <li key={field} className="px-4 py-3">
              {editing === field ? (
                <EditFieldForm
                  user={user}
                  field={field}
                  failure={
                    // One field is edited at a time (?edit=…): the refusal is that field's.
                    failure?.intent === 'update-profile' ? failure : undefined
                  }
                />
              ) : (
                <div className="flex items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-sm text-stone-600">{FIELD_UI[field].label}</p>
                    <p className="font-medium break-words text-stone-900">
                      {displayValue(user, field, phoneDisplay) ?? (
                        <span className="text-stone-600 italic">Non renseigné</span>
                      )}
                    </p>
                  </div>
                  <Link
                    to={`/profile?tab=settings&edit=${field}`}
                    preventScrollReset
                    aria-label={`Modifier : ${FIELD_UI[field].label}`}
                    className={rowLink}
                  >
                    Modifier
                  </Link>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="settings-security" className={`${card} p-4`}>
        <h2 id="settings-security" className={sectionTitle}>
          Sécurité
        </h2>
        {passwordOpen ? (
          <ChangePasswordForm failure={failure?.intent === 'change-password' ? failure : undefined} />
        ) : (
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Link to="/profile?tab=settings&password=1" preventScrollReset className={secondary}>
              Changer le mot de passe
            </Link>
            <a
              href={whatsappLink(shopWhatsapp.number, SECURITY_MESSAGE)}
              target="_blank"
              rel="noopener noreferrer"
              className={secondary}
            >
              Support sécurité
            </a>
          </div>
        )}
      </section>

      <section aria-labelledby="settings-account" className={`${card} p-4`}>
        <h2 id="settings-account" className={sectionTitle}>
          Compte
        </h2>
        <p className="mt-1 text-sm text-stone-700">Vous pourrez vous reconnecter à tout moment.</p>
        <div className="mt-3">
          <LogoutButton className="inline-flex min-h-11 items-center justify-center rounded-full border border-red-300 bg-white px-5 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800" />
        </div>
      </section>
    </div>
  );
}

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

function EditFieldForm({
  user,
  field,
  failure,
}: {
  user: User;
  field: ProfileField;
  failure?: SettingsFailure;
}) {
  const { formProps, bannerRef, errors, message } = useForm(
    accountSchema('UpdateProfileInputSchema'),
    failure,
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const pending = usePending('update-profile');
  const ui = FIELD_UI[field];
  // Entering edit mode puts the caret in the field.
  useEffect(() => inputRef.current?.focus(), []);

  return (
    <Form
      method="post"
      action={`/profile?tab=settings&edit=${field}`}
      preventScrollReset
      className="flex flex-col gap-3"
      {...formProps}
    >
      <input type="hidden" name="intent" value="update-profile" />
      <input type="hidden" name="field" value={field} />
      <FormBanner message={message} bannerRef={bannerRef} />
      <TextField
        inputRef={inputRef}
        id={`profile-${field}`}
        name={field}
        label={ui.label}
        type={ui.type}
        inputMode={ui.inputMode}
        autoComplete={ui.autoComplete}
        defaultValue={failure?.values?.[field] ?? user[field] ?? ''}
        hint={field === 'whatsapp_phone' ? phoneFieldHint() : undefined}
        error={errors[field]}
      />
      {field !== 'name' && (
        // A login identifier and the reset channel: changing it proves who is asking.
        <CurrentPasswordField id={`profile-${field}-password`} error={errors.current_password} />
      )}
      <SettingsButtons pending={pending}>Enregistrer</SettingsButtons>
    </Form>
  );
}

function ChangePasswordForm({ failure }: { failure?: SettingsFailure }) {
  const { formProps, bannerRef, errors, message } = useForm(
    accountSchema('ChangePasswordInputSchema'),
    failure,
  );
  const pending = usePending('change-password');
  return (
    <Form
      method="post"
      action="/profile?tab=settings&password=1"
      preventScrollReset
      className="mt-3 flex flex-col gap-4"
      {...formProps}
    >
      <input type="hidden" name="intent" value="change-password" />
      <FormBanner message={message} bannerRef={bannerRef} />
      <CurrentPasswordField id="current-password" error={errors.current_password} />
      <NewPasswordFields
        id="new-password"
        errors={errors}
        label="Nouveau mot de passe"
        confirmLabel="Confirmer le nouveau mot de passe"
      />
      <SettingsButtons pending={pending}>Changer le mot de passe</SettingsButtons>
    </Form>
  );
}

/** A settings form's submit (which waits while it is sent) and its way back to Paramètres. */
function SettingsButtons({ pending, children }: { pending: boolean; children: string }) {
  return (
    <div className="flex gap-2">
      <button type="submit" disabled={pending} className={primary}>
        {pending ? 'Enregistrement…' : children}
      </button>
      <Link to="/profile?tab=settings" preventScrollReset className={secondary}>
        Annuler
      </Link>
    </div>
  );
}
