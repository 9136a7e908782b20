import { describe, expect, it } from 'vitest';
import {
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  parseLoginIdentifier,
  QuickRegisterInputSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UpdateProfileInputSchema,
} from './auth.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.') || '_', i.message]));

const valid = {
  name: 'Awa Diop',
  whatsapp_phone: '+221 77 123 45 67',
  email: 'Awa@Example.com',
  password: 'motdepasse',
  password_confirmation: 'motdepasse',
};

describe('RegisterInputSchema', () => {
  it('stores the phone in E.164 and lower-cases the e-mail', () => {
    expect(RegisterInputSchema.parse(valid)).toMatchObject({
      whatsapp_phone: '+221771234567',
      email: 'awa@example.com',
    });
  });

  it('gives the French messages for missing fields', () => {
    expect(messages(RegisterInputSchema.safeParse({}))).toEqual({
      name: 'Le nom est requis',
      whatsapp_phone: 'Le numéro WhatsApp est requis',
      password: 'Le mot de passe est requis',
      password_confirmation: 'La confirmation du mot de passe est requise',
    });
    expect(messages(RegisterInputSchema.safeParse({ ...valid, name: '  ', whatsapp_phone: ' ' }))).toEqual({
      name: 'Le nom est requis',
      whatsapp_phone: 'Le numéro WhatsApp est requis',
    });
  });

  it('checks lengths, formats and the confirmation', () => {
    expect(
      messages(
        RegisterInputSchema.safeParse({
          name: 'A',
          whatsapp_phone: '+221 77',
          email: 'pas-un-email',
          password: 'court',
          password_confirmation: 'autre',
        }),
      ),
    ).toEqual({
      name: 'Le nom doit contenir au moins 2 caractères',
      whatsapp_phone: 'Format de numéro WhatsApp invalide',
      email: "Format d'email invalide",
      password: 'Le mot de passe doit contenir au moins 8 caractères',
      password_confirmation: 'Les mots de passe ne correspondent pas',
    });
  });

  it("reads the number in the shop's country (Dakar by default) or as international; refuses the rest", () => {
    for (const [typed, stored] of [
      ['77 123 45 67', '+221771234567'],
      ['00225 07 07 12 34 56', '+2250707123456'],
      ['+33 6 12 34 56 78', '+33612345678'],
    ]) {
      expect(RegisterInputSchema.parse({ ...valid, whatsapp_phone: typed }).whatsapp_phone, typed).toBe(
        stored,
      );
    }
    for (const bad of ['1', '1234567890123456', '06 12', '+', '++33612', '+221 77 1', 'abc']) {
      expect(
        messages(RegisterInputSchema.safeParse({ ...valid, whatsapp_phone: bad })).whatsapp_phone,
        bad,
      ).toBe('Format de numéro WhatsApp invalide');
    }
    // A number of the right size that Senegal does not have: most likely another country's.
    expect(messages(RegisterInputSchema.safeParse({ ...valid, whatsapp_phone: '07 07 12 34 56' }))).toEqual({
      whatsapp_phone: "Format de numéro WhatsApp invalide. Indiquez l'indicatif du pays, par exemple +221…",
    });
  });

  it('treats an empty e-mail as absent and drops unknown keys such as role', () => {
    const parsed = RegisterInputSchema.parse({ ...valid, email: '', role: 'admin', status: 'active' });
    expect(parsed.email).toBeUndefined();
    expect(parsed).not.toHaveProperty('role');
    expect(parsed).not.toHaveProperty('status');
  });
});

describe('QuickRegisterInputSchema', () => {
  it('needs no confirmation', () => {
    const { password_confirmation: _, ...quick } = valid;
    expect(QuickRegisterInputSchema.safeParse(quick).success).toBe(true);
  });
});

describe('LoginInputSchema', () => {
  it('reads the identifier from email, phone or identifier', () => {
    expect(LoginInputSchema.parse({ email: 'a@b.co', password: 'x' }).identifier).toBe('a@b.co');
    expect(LoginInputSchema.parse({ phone: '+221 77', password: 'x' }).identifier).toBe('+221 77');
    expect(LoginInputSchema.parse({ identifier: '22177', password: 'x' }).identifier).toBe('22177');
    expect(messages(LoginInputSchema.safeParse({ password: 'x' }))).toEqual({
      email: "L'email ou le numéro WhatsApp est requis",
    });
    expect(messages(LoginInputSchema.safeParse({ email: 'a@b.co', password: '' }))).toEqual({
      password: 'Le mot de passe est requis',
    });
  });

  it("refuses a password or identifier too long to be anyone's before it reaches the hashing", () => {
    expect(messages(LoginInputSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(500_000) }))).toEqual({
      password: 'Le mot de passe est trop long (256 caractères au plus)',
    });
    expect(messages(LoginInputSchema.safeParse({ email: `${'a'.repeat(300)}@b.co`, password: 'x' }))).toEqual(
      {
        email: "L'email ou le numéro WhatsApp est trop long",
      },
    );
  });

  it('tells e-mails from phones', () => {
    expect(parseLoginIdentifier(' Awa@Example.com ')).toEqual({ email: 'awa@example.com' });
    for (const typed of ['+221 77 123 45 67', '221771234567', '77 123 45 67', '00221771234567']) {
      expect(parseLoginIdentifier(typed), typed).toEqual({ phone: '+221771234567' });
    }
    expect(parseLoginIdentifier('awa')).toBeNull();
    expect(parseLoginIdentifier('77 12')).toBeNull();
  });
});

describe('password reset and change', () => {
  it('takes the e-mail or the WhatsApp number of a forgotten password, and checks it', () => {
    expect(messages(ForgotPasswordInputSchema.safeParse({}))).toEqual({
      email: "L'email ou le numéro WhatsApp est requis",
    });
    expect(messages(ForgotPasswordInputSchema.safeParse({ email: 'x' }))).toEqual({
      email: "Format d'email invalide",
    });
    expect(messages(ForgotPasswordInputSchema.safeParse({ email: '77 12' }))).toEqual({
      email: 'Format de numéro WhatsApp invalide',
    });
    expect(ForgotPasswordInputSchema.parse({ email: ' Awa@Example.com ' })).toEqual({
      email: 'awa@example.com',
    });
    expect(ForgotPasswordInputSchema.parse({ email: '77 123 45 67' })).toEqual({ phone: '+221771234567' });
  });

  it('needs matching passwords to reset or change', () => {
    expect(
      messages(
        ResetPasswordInputSchema.safeParse({ token: 't', password: 'abcdefgh', password_confirmation: 'x' }),
      ),
    ).toEqual({ password_confirmation: 'Les mots de passe ne correspondent pas' });
    expect(
      messages(
        ChangePasswordInputSchema.safeParse({ password: 'abcdefgh', password_confirmation: 'abcdefgh' }),
      ),
    ).toEqual({ current_password: 'Le mot de passe actuel est requis' });
  });
});

describe('UpdateProfileInputSchema', () => {
  it('takes exactly one field', () => {
    expect(UpdateProfileInputSchema.parse({ whatsapp_phone: '77 000 00 01', current_password: 'x' })).toEqual(
      {
        whatsapp_phone: '+221770000001',
        current_password: 'x',
      },
    );
    expect(messages(UpdateProfileInputSchema.safeParse({ whatsapp_phone: '+221 77 000 00 01' }))).toEqual({
      current_password: 'Le mot de passe actuel est requis',
    });
    expect(messages(UpdateProfileInputSchema.safeParse({}))).toEqual({
      _: 'Aucune information à mettre à jour',
    });
    expect(
      messages(UpdateProfileInputSchema.safeParse({ name: 'Awa', email: 'a@b.co', current_password: 'x' })),
    ).toEqual({
      _: 'Modifiez un seul champ à la fois',
    });
    expect(messages(UpdateProfileInputSchema.safeParse({ email: 'nope', current_password: 'x' }))).toEqual({
      email: "Format d'email invalide",
    });
  });
});
