import { describe, expect, it } from 'vitest';
import { PRICE_MAX } from './limits.ts';
import { IdSchema, INT4_MAX, idSchema, PriceSchema, QuantitySchema, typedPriceSchema } from './primitives.ts';
import { howToWriteAmount } from './typed-amount.ts';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('IdSchema', () => {
  it('reads an id from JSON or from a URL', () => {
    expect(IdSchema.parse(7)).toBe(7);
    expect(IdSchema.parse('42')).toBe(42);
    expect(IdSchema.parse(INT4_MAX)).toBe(INT4_MAX);
  });

  it('refuses what the int4 column cannot hold, with the message given', () => {
    const ProductId = idSchema('ID de produit invalide');
    for (const value of [0, -1, INT4_MAX + 1, '99999999999', 99999999999, 1.5, Number.NaN, Infinity]) {
      expect(messageOf(ProductId.safeParse(value)), String(value)).toBe('ID de produit invalide');
    }
  });

  it('coerces nothing: arrays, booleans, exponents, hex and empty strings are refused', () => {
    for (const value of [[1], true, false, null, '1e3', '0x10', '', ' ', '1.0', {}]) {
      expect(IdSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});

describe('PriceSchema and QuantitySchema', () => {
  it('bounds prices to whole FCFA up to PRICE_MAX', () => {
    expect(PriceSchema.parse('2500')).toBe(2500);
    expect(PriceSchema.parse(0)).toBe(0);
    expect(messageOf(PriceSchema.safeParse(PRICE_MAX + 1))).toMatch(
      /^Le prix ne peut pas dépasser 100\s000\s000\sFCFA$/,
    );
    expect(PriceSchema.safeParse(12.5).success).toBe(false);
    expect(PriceSchema.safeParse(-1).success).toBe(false);
  });

  it('refuses quantities that are arrays or booleans instead of coercing them', () => {
    expect(messageOf(QuantitySchema.safeParse([2]))).toBe('La quantité doit être un nombre entier');
    expect(messageOf(QuantitySchema.safeParse(true))).toBe('La quantité doit être un nombre entier');
    expect(messageOf(QuantitySchema.safeParse(10_000))).toBe('La quantité ne peut pas dépasser 9999');
  });
});

describe('typedPriceSchema', () => {
  const hint = howToWriteAmount('le prix');
  const TypedPrice = typedPriceSchema(hint);

  it('reads a typed price or a JSON number as whole FCFA', () => {
    expect(TypedPrice.parse('3.500')).toBe(3500);
    expect(TypedPrice.parse('3\u202f500 FCFA')).toBe(3500);
    expect(TypedPrice.parse(3500)).toBe(3500);
  });

  it('refuses anything else with how to write it, and too much with the ceiling', () => {
    expect(hint).toBe('Écrivez le prix en FCFA, sans centimes : 3500, 3 500 ou 3.500');
    for (const value of ['3,5', '0', 0, 1.5, -1, '', null, undefined, [3500], true]) {
      expect(messageOf(TypedPrice.safeParse(value)), JSON.stringify(value)).toBe(hint);
    }
    expect(messageOf(TypedPrice.safeParse('100.000.001'))).toMatch(/^Le prix ne peut pas dépasser/);
    expect(messageOf(TypedPrice.safeParse(PRICE_MAX + 1))).toMatch(/^Le prix ne peut pas dépasser/);
  });
});
