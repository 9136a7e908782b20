import { PRODUCT_PRICE_INVALID } from '@souk/domain/admin-catalog';
import { VARIANT_PRICE_INVALID } from '@souk/domain/admin-variants';
import { describe, expect, it } from 'vitest';
import { emptyVariantRow, rowProblemsFromApi } from '~/lib/draft-rows';
import { emptyProduct, problemText, rowPayload, rowProblems } from './bulk-rows';

const picture = new File([new Uint8Array([1, 2, 3])], 'savon.jpg', { type: 'image/jpeg' });

describe('the bulk creation rows', () => {
  it('lists every problem as Produit N: …', () => {
    const complete = {
      ...emptyProduct(),
      name: 'Savon',
      description: 'Doux',
      base_price: '1500',
      image: picture,
    };
    const problems = rowProblems([complete, { ...emptyProduct(), base_price: '-5' }]);
    expect(problems.map(problemText)).toEqual([
      'Produit 2: Le nom du produit est obligatoire',
      'Produit 2: La description du produit est obligatoire',
      `Produit 2: ${PRODUCT_PRICE_INVALID}`,
      "Produit 2: L'image est obligatoire",
    ]);
  });

  it('checks the variants of a row with the variant rules, and drops the variant rows left empty', () => {
    const product = {
      ...emptyProduct(),
      name: 'Huile',
      description: 'Pure',
      base_price: '3000',
      image: picture,
      variants: [{ ...emptyVariantRow(), name: '10 ml', price: '0' }, emptyVariantRow()],
    };
    expect(rowProblems([product]).map(problemText)).toEqual([`Produit 1: ${VARIANT_PRICE_INVALID}`]);
    expect(rowPayload(product).variants).toHaveLength(1);
    expect(rowPayload({ ...product, variants: [emptyVariantRow()] })).not.toHaveProperty('variants');
  });

  it("takes prices as typed ('3.500', '3 500 FCFA') and refuses '3,5' with how to write it", () => {
    const product = {
      ...emptyProduct(),
      name: 'Huile',
      description: 'Pure',
      base_price: '3.500',
      image: picture,
      variants: [{ ...emptyVariantRow(), name: '1 l', price: '12\u00a0500 FCFA' }],
    };
    expect(rowProblems([product])).toEqual([]);
    expect(rowProblems([{ ...product, base_price: '3,5' }]).map(problemText)).toEqual([
      `Produit 1: ${PRODUCT_PRICE_INVALID}`,
    ]);
  });

  it('needs at least one product', () => {
    expect(rowProblems([]).map(problemText)).toEqual(['Au moins un produit est requis']);
  });

  it("reads the API's errors by row", () => {
    const problems = rowProblemsFromApi(
      {
        'products.2.image_main': ['Le fichier doit être une image'],
        category_id: ['Veuillez sélectionner une catégorie'],
      },
      'products',
    );
    expect(problems.map(problemText)).toEqual([
      'Produit 3: Le fichier doit être une image',
      'Veuillez sélectionner une catégorie',
    ]);
  });
});
