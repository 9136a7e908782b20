import { describe, expect, it } from 'vitest';
import { emptyVariantRow, isBlankVariantRow, rowProblemsFromApi, variantRowValues } from './draft-rows';

describe('draft rows', () => {
  it('give each new row its own key', () => {
    const [a, b] = [emptyVariantRow(), emptyVariantRow()];
    expect(a.key).not.toBe(b.key);
  });

  it('take a row with only its status set for a blank one, and send it without its key', () => {
    const row = { ...emptyVariantRow(), is_active: 'false' };
    expect(isBlankVariantRow(row)).toBe(true);
    expect(isBlankVariantRow({ ...row, sku: ' A1 ' })).toBe(false);
    expect(variantRowValues({ ...row, name: '30 ml', price: '5000' })).toEqual({
      name: '30 ml',
      price: '5000',
      sku: '',
      stock_quantity: '',
      is_active: 'false',
    });
  });

  it("read the API's errors by row: the first message of each, nested fields kept, anything else the form's", () => {
    expect(
      rowProblemsFromApi(
        {
          'variants.3.sku': ['Ce code SKU est déjà utilisé par une autre variante', 'second'],
          'variants.0.variants.1.price': 'Le prix doit être supérieur à 0',
          'products.2.name': ['Le nom du produit est obligatoire'],
          variants: ['Aucune variante valide à créer'],
          'variants.4.name': [],
        },
        'variants',
      ),
    ).toEqual([
      { row: 3, field: 'sku', message: 'Ce code SKU est déjà utilisé par une autre variante' },
      { row: 0, field: 'variants.1.price', message: 'Le prix doit être supérieur à 0' },
      { row: -1, field: 'products.2.name', message: 'Le nom du produit est obligatoire' },
      { row: -1, field: 'variants', message: 'Aucune variante valide à créer' },
    ]);
    expect(rowProblemsFromApi(undefined, 'products')).toEqual([]);
  });
});
