import { describe, expect, it } from 'vitest';
import { type SellableFacts, sellability } from './catalog-rules.ts';

const plain: SellableFacts = {
  product_id: 1,
  product_visible: true,
  active_variants: 0,
  variant_id: null,
  variant_product_id: null,
  variant_active: null,
  stock_quantity: null,
};
const withVariant: SellableFacts = {
  ...plain,
  active_variants: 2,
  variant_id: 7,
  variant_product_id: 1,
  variant_active: true,
  stock_quantity: 3,
};

describe('sellability', () => {
  it('sells a visible product without variants as itself', () => {
    expect(sellability(plain, 50)).toEqual({ sellable: true });
  });
  it('never sells a hidden product', () => {
    expect(sellability({ ...withVariant, product_visible: false }, 1)).toMatchObject({
      reason: 'unavailable',
    });
  });
  it('asks for a variant when the product has active ones', () => {
    expect(sellability({ ...plain, active_variants: 1 })).toMatchObject({ reason: 'variant_required' });
  });
  it('refuses a variant that is gone, inactive or of another product', () => {
    expect(sellability({ ...withVariant, variant_product_id: null })).toMatchObject({
      reason: 'unavailable',
    });
    expect(sellability({ ...withVariant, variant_active: false })).toMatchObject({ reason: 'unavailable' });
    expect(sellability({ ...withVariant, variant_product_id: 2 })).toMatchObject({
      reason: 'foreign_variant',
    });
  });
  it('sells within the stock, and any quantity of an unlimited one', () => {
    expect(sellability(withVariant, 3)).toEqual({ sellable: true });
    expect(sellability(withVariant, 4)).toEqual({ sellable: false, reason: 'insufficient_stock', stock: 3 });
    expect(sellability({ ...withVariant, stock_quantity: null }, 10_000)).toEqual({ sellable: true });
  });
});
