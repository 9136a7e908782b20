import { describe, expect, it } from 'vitest';
import { ProductIdSchema, ProductListQuerySchema } from './catalog.ts';

describe('ProductListQuerySchema', () => {
  it('applies the default page size and caps it at 100', () => {
    expect(ProductListQuerySchema.parse({})).toMatchObject({ page: 1, per_page: 12 });
    expect(ProductListQuerySchema.parse({ per_page: '100' }).per_page).toBe(100);
    const tooMany = ProductListQuerySchema.safeParse({ per_page: '10000' });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.message).toBe('100 produits par page au maximum');
  });
  it('refuses negative prices and unknown sorts in French', () => {
    expect(ProductListQuerySchema.safeParse({ min_price: '-5' }).error?.issues[0]?.message).toBe(
      'Le prix minimum doit être un nombre entier positif',
    );
    expect(ProductListQuerySchema.safeParse({ sort: 'popularity' }).error?.issues[0]?.message).toBe(
      'Tri inconnu',
    );
  });
});

describe('ProductIdSchema', () => {
  it('accepts digits and refuses anything else', () => {
    expect(ProductIdSchema.parse('42')).toBe(42);
    expect(ProductIdSchema.safeParse('abc').error?.issues[0]?.message).toBe('ID de produit invalide');
  });
});
