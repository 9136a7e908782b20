import { describe, expect, it } from 'vitest';
import { NameSchema } from './auth.ts';
import { AddToCartInputSchema, UpdateCartItemInputSchema } from './cart.ts';
import { CreateGuestOrderInputSchema, CreateOrderInputSchema } from './orders.ts';

describe('AddToCartInputSchema', () => {
  it('defaults the quantity to 1 and accepts a null variant', () => {
    expect(AddToCartInputSchema.parse({ product_id: 3, variant_id: null })).toEqual({
      product_id: 3,
      variant_id: undefined,
      quantity: 1,
    });
    expect(AddToCartInputSchema.parse({ product_id: '3', variant_id: '7', quantity: '2' })).toEqual({
      product_id: 3,
      variant_id: 7,
      quantity: 2,
    });
  });

  it('refuses a missing product and quantities below 1 or fractional', () => {
    expect(AddToCartInputSchema.safeParse({}).error?.issues[0]?.message).toBe('Le produit est requis');
    expect(AddToCartInputSchema.safeParse({ product_id: 1, quantity: 0 }).error?.issues[0]?.message).toBe(
      'La quantité doit être au moins 1',
    );
    expect(UpdateCartItemInputSchema.safeParse({ quantity: 1.5 }).error?.issues[0]?.message).toBe(
      'La quantité doit être un nombre entier',
    );
  });

  it('drops a smuggled price', () => {
    expect(AddToCartInputSchema.parse({ product_id: 1, price: 1, unit_price: 1 })).not.toHaveProperty(
      'price',
    );
  });
});

describe('order schemas', () => {
  it('keeps only session_id and notes from an order body', () => {
    expect(
      CreateOrderInputSchema.parse({
        notes: ' Livrer le soir ',
        total_amount: 1,
        status: 'disponible',
        user_id: 9,
      }),
    ).toEqual({ notes: 'Livrer le soir', session_id: undefined });
  });

  it('keeps a note without the characters that reorder text, its lines kept', () => {
    expect(CreateOrderInputSchema.parse({ notes: ' Livrer \u202Ele soir\n\u2067svp\u2069 ' }).notes).toBe(
      'Livrer le soir\nsvp',
    );
    expect(CreateOrderInputSchema.parse({ notes: '\u202E\u202C' }).notes).toBeUndefined();
  });

  it('refuses a guest name over two lines, or made only of reordering characters', () => {
    const nameError = (name: string) =>
      CreateGuestOrderInputSchema.safeParse({ name }).error?.issues.find((i) => i.path[0] === 'name')
        ?.message;
    for (const name of ['Awa\nTotal : 1 FCFA', 'Awa\u2028Total', 'Awa\u2029Total'])
      expect(nameError(name), JSON.stringify(name)).toBe(
        'Le nom doit tenir sur une ligne, sans caractère de contrôle',
      );
    expect(nameError('\u202E\u202E\u202E')).toBe('Le nom est requis');
    expect(nameError(' \u202E A \u2066')).toBe('Le nom doit contenir au moins 2 caractères');
  });

  it('keeps a guest name without its reordering characters or the spaces they left', () => {
    const r = CreateGuestOrderInputSchema.safeParse({ name: 'Awa Diop \u202E' });
    expect(r.error?.issues.find((i) => i.path[0] === 'name')).toBeUndefined();
    expect(NameSchema.parse(' Awa \u202EDiop\u202C ')).toBe('Awa Diop');
  });

  it('limits notes to 1000 characters', () => {
    expect(CreateOrderInputSchema.safeParse({ notes: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      'Les notes ne peuvent pas dépasser 1000 caractères',
    );
  });

  it('needs a name, a phone and a session for a guest order', () => {
    const r = CreateGuestOrderInputSchema.safeParse({ email: '' });
    expect(Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))).toEqual({
      name: 'Le nom est requis',
      whatsapp_phone: 'Le numéro WhatsApp est requis',
      session_id: 'Le panier est introuvable (session manquante)',
    });
    const guest = CreateGuestOrderInputSchema.parse({
      name: 'Awa',
      whatsapp_phone: '77 123 45 67',
      session_id: 'abcdefgh12',
      email: '',
    });
    expect(guest).toMatchObject({ whatsapp_phone: '+221771234567' });
    expect(guest.email).toBeUndefined();
  });
});
