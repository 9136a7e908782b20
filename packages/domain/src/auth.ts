import { z } from 'zod';
import { checkPhone } from '#phone-check';
import { NAME_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';
import { SESSION_ID_PATTERN } from './session-id.ts';
import { HAS_CONTROL_CHARACTER, withoutBidiControls } from './text.ts';

const requiredText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .refine((v) => v.length > 0, { error: required });

/**
 * A WhatsApp number as the customer types it ('77 123 45 67', '00225 07 07 12 34 56', '+33 6…'),
 * read in the shop's country and stored in E.164 ('+221771234567'): one number, one form, so the
 * same number typed two ways is one account (docs/decisions/0022).
 */
export const PhoneSchema = requiredText('Le numéro WhatsApp est requis')
  // A refinement, not a failing transform: the form's other checks (the confirmation) still run.
  .superRefine((value, ctx) => {
    const reading = value ? checkPhone(value) : null;
    if (reading && !reading.ok) ctx.addIssue({ code: 'custom', message: reading.message, input: value });
  })
  .transform((value) => {
    const reading = checkPhone(value);
    return reading.ok ? reading.e164 : value;
  });

const NAME_REQUIRED = 'Le nom est requis';
/** A name is one line of text; the characters that reorder text go first, so one made of them alone is none. */
export const NameSchema = z
  .string({ error: NAME_REQUIRED })
  .refine((v) => !HAS_CONTROL_CHARACTER.test(v), {
    error: 'Le nom doit tenir sur une ligne, sans caractère de contrôle',
  })
  .transform((v) => withoutBidiControls(v).trim())
  .refine((v) => v.length > 0, { error: NAME_REQUIRED })
  .refine((v) => v.length === 0 || v.length >= NAME_MIN_LENGTH, {
    error: `Le nom doit contenir au moins ${NAME_MIN_LENGTH} caractères`,
  })
  .refine((v) => v.length <= 100, { error: 'Le nom est trop long (100 caractères au plus)' });

export const EmailSchema = requiredText("L'email est requis")
  .refine((v) => v.length === 0 || z.email().safeParse(v).success, { error: "Format d'email invalide" })
  .refine((v) => v.length <= 254, { error: "Format d'email invalide" })
  .transform((v) => v.toLowerCase());

/** An e-mail that may be left out: '' and null count as absent. */
const OptionalEmailSchema = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  EmailSchema.optional(),
);

export const PasswordSchema = z
  .string({ error: 'Le mot de passe est requis' })
  .min(1, { error: 'Le mot de passe est requis' })
  .refine((v) => v.length === 0 || v.length >= PASSWORD_MIN_LENGTH, {
    error: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
  })
  .refine((v) => v.length <= PASSWORD_MAX_LENGTH, {
    error: `Le mot de passe est trop long (${PASSWORD_MAX_LENGTH} caractères au plus)`,
  });

const ConfirmationSchema = z
  .string({ error: 'La confirmation du mot de passe est requise' })
  .min(1, { error: 'La confirmation du mot de passe est requise' });

/** A guest cart's key, sent back by the cart calls; optional on the calls that log in. */
export const SessionIdSchema = z
  .string({ error: 'Identifiant de session invalide' })
  .trim()
  .regex(SESSION_ID_PATTERN, { error: 'Identifiant de session invalide' });

const passwordsMatch = <T extends { password: string; password_confirmation: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.password_confirmation && v.password !== v.password_confirmation) {
    ctx.addIssue({
      code: 'custom',
      message: 'Les mots de passe ne correspondent pas',
      path: ['password_confirmation'],
    });
  }
};

// ---- Request schemas ----

export const QuickRegisterInputSchema = z.object({
  name: NameSchema,
  whatsapp_phone: PhoneSchema,
  email: OptionalEmailSchema,
  password: PasswordSchema,
  session_id: SessionIdSchema.optional(),
});
export type QuickRegisterInput = z.infer<typeof QuickRegisterInputSchema>;

export const RegisterInputSchema = QuickRegisterInputSchema.extend({
  password_confirmation: ConfirmationSchema,
}).superRefine(passwordsMatch);
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

// Bounded so a megabyte "password" never reaches argon2; a longer one cannot be anyone's (PasswordSchema).
const CurrentPasswordSchema = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required })
    .max(PASSWORD_MAX_LENGTH, {
      error: `Le mot de passe est trop long (${PASSWORD_MAX_LENGTH} caractères au plus)`,
    });
// An e-mail or a WhatsApp number, on the login and forgotten-password forms.
const IDENTIFIER_REQUIRED = "L'email ou le numéro WhatsApp est requis";
const IDENTIFIER_TOO_LONG = "L'email ou le numéro WhatsApp est trop long";
const IDENTIFIER_MAX_LENGTH = 254;
const LoginIdentifierSchema = z
  .string()
  .trim()
  .max(IDENTIFIER_MAX_LENGTH, { error: IDENTIFIER_TOO_LONG })
  .optional();

/** `email` holds an e-mail or a phone; `phone` and `identifier` are accepted aliases. */
export const LoginInputSchema = z
  .object({
    email: LoginIdentifierSchema,
    phone: LoginIdentifierSchema,
    identifier: LoginIdentifierSchema,
    password: CurrentPasswordSchema('Le mot de passe est requis'),
    session_id: SessionIdSchema.optional(),
  })
  .transform((v, ctx) => {
    const identifier = v.email || v.phone || v.identifier || '';
    if (!identifier) {
      ctx.addIssue({ code: 'custom', message: IDENTIFIER_REQUIRED, path: ['email'] });
      return z.NEVER;
    }
    return { identifier, password: v.password, session_id: v.session_id };
  });
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** What a login identifier designates: an e-mail (lower-cased) or a phone (E.164). */
export function parseLoginIdentifier(identifier: string): { email: string } | { phone: string } | null {
  const value = identifier.trim();
  if (value.includes('@')) return { email: value.toLowerCase() };
  const reading = checkPhone(value);
  return reading.ok ? { phone: reading.e164 } : null;
}

/**
 * 'Mot de passe oublié' takes the e-mail or the WhatsApp number of the account (`email` holds
 * either, as on the login form): a customer who registered without an e-mail can still get back in.
 */
export const ForgotPasswordInputSchema = z
  .object({
    email: requiredText(IDENTIFIER_REQUIRED)
      .refine((v) => v.length <= IDENTIFIER_MAX_LENGTH, { error: IDENTIFIER_TOO_LONG })
      .transform((value, ctx) => {
        if (!value) return z.NEVER; // already refused as missing
        // Letters or an '@': meant as an e-mail, and told so when it is not one.
        if (/[@\p{L}]/u.test(value)) {
          const email = EmailSchema.safeParse(value);
          if (email.success) return { email: email.data };
          for (const issue of email.error.issues)
            ctx.addIssue({ code: 'custom', message: issue.message, input: value });
          return z.NEVER;
        }
        const reading = checkPhone(value);
        if (reading.ok) return { phone: reading.e164 };
        ctx.addIssue({ code: 'custom', message: reading.message, input: value });
        return z.NEVER;
      }),
  })
  .transform((v): { email: string } | { phone: string } => v.email);
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = z
  .object({
    token: z
      .string({ error: 'Lien de réinitialisation invalide ou expiré' })
      .trim()
      .min(1, { error: 'Lien de réinitialisation invalide ou expiré' })
      .max(200, { error: 'Lien de réinitialisation invalide ou expiré' }),
    password: PasswordSchema,
    password_confirmation: ConfirmationSchema,
  })
  .superRefine(passwordsMatch);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const ChangePasswordInputSchema = z
  .object({
    current_password: CurrentPasswordSchema('Le mot de passe actuel est requis'),
    password: PasswordSchema,
    password_confirmation: ConfirmationSchema,
  })
  .superRefine(passwordsMatch);
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/**
 * The profile is edited one field at a time ('Paramètres'). The e-mail and the WhatsApp
 * number are login identifiers and the reset channel: changing one asks for the current password.
 */
export const UpdateProfileInputSchema = z
  .object({
    name: NameSchema.optional(),
    email: EmailSchema.optional(),
    whatsapp_phone: PhoneSchema.optional(),
    current_password: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      CurrentPasswordSchema('Le mot de passe actuel est requis').optional(),
    ),
  })
  .superRefine((v, ctx) => {
    const count = [v.name, v.email, v.whatsapp_phone].filter((x) => x !== undefined).length;
    if (count === 0)
      ctx.addIssue({ code: 'custom', message: 'Aucune information à mettre à jour', path: [] });
    if (count > 1) ctx.addIssue({ code: 'custom', message: 'Modifiez un seul champ à la fois', path: [] });
    if ((v.email !== undefined || v.whatsapp_phone !== undefined) && v.current_password === undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'Le mot de passe actuel est requis',
        path: ['current_password'],
      });
  });
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

// ---- Response shapes ----

export const USER_ROLES = ['admin', 'client'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The user as the API shows it: never the hash, status or login dates. */
export const UserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  whatsapp_phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  created_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResultSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResult = z.infer<typeof AuthResultSchema>;
