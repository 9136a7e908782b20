import { NEW_PASSWORD_HINT } from '@souk/domain/limits';
import { PasswordField } from '~/components/ui/form-fields';

/**
 * A new password chosen (with the rule's hint) and, with `confirmLabel`, typed again: registering,
 * resetting it from a link, changing it in Paramètres.
 */
export function NewPasswordFields({
  id,
  errors,
  label = 'Mot de passe',
  confirmLabel,
}: {
  /** The password field's id; its confirmation's is `<id>-confirmation`. */
  id: string;
  errors: Partial<Record<string, string>>;
  label?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <PasswordField
        id={id}
        name="password"
        label={label}
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={errors.password}
      />
      {confirmLabel && (
        <PasswordField
          id={`${id}-confirmation`}
          name="password_confirmation"
          label={confirmLabel}
          autoComplete="new-password"
          error={errors.password_confirmation}
        />
      )}
    </>
  );
}

/** The password she has now, which proves who asks for a change of a login identifier or of itself. */
export function CurrentPasswordField({ id, error }: { id: string; error: string | undefined }) {
  return (
    <PasswordField
      id={id}
      name="current_password"
      label="Mot de passe actuel"
      autoComplete="current-password"
      error={error}
    />
  );
}
