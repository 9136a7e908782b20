import { describe, expect, it } from 'vitest';
import { CART_CHANGED, cartChanges, goneLines, lineKey, ShownCartSchema } from './cart-changes.ts';
import { CART_MAX_LINES } from './limits.ts';

// formatFcfa groups with a narrow no-break space and puts a no-break space before FCFA.
const n = (text: string) => text.replace(/(\d) (\d)/g, '$1\u202f$2').replace(' FCFA', '\u00a0FCFA');

const savon = { product_id: 1, variant_id: null, label: 'Savon noir' };
const huile = { product_id: 2, variant_id: 7, label: 'Huile de lavande – 30 ml' };

describe('cartChanges', () => {
  it('finds nothing when the cart is as it was shown', () => {
    const shown = {
      lines: [
        { ...savon, quantity: 2, unit_price: 2500 },
        { ...huile, quantity: 1, unit_price: 9500 },
      ],
      total_amount: 14500,
    };
    expect(
      cartChanges(shown, [
        { ...huile, quantity: 1, unit_price: 9500 },
        { ...savon, quantity: 2, unit_price: 2500 },
      ]),
    ).toEqual([]);
  });

  it('names a changed price with both prices, then the new total', () => {
    const changes = cartChanges(
      { lines: [{ ...savon, quantity: 1, unit_price: 2500 }], total_amount: 2500 },
      [{ ...savon, quantity: 1, unit_price: 4000 }],
    );
    expect(changes).toEqual([
      n('Le prix de « Savon noir » est passé de 2 500 à 4 000 FCFA'),
      n('Nouveau total : 4 000 FCFA'),
    ]);
  });

  it('names a changed quantity, a line gone and a line added', () => {
    const changes = cartChanges(
      {
        lines: [
          { ...savon, quantity: 1, unit_price: 2500 },
          { ...huile, quantity: 1, unit_price: 9500 },
        ],
        total_amount: 12000,
      },
      [
        { ...savon, quantity: 3, unit_price: 2500 },
        { product_id: 3, variant_id: null, label: 'Musc blanc', quantity: 1, unit_price: 15000 },
      ],
      new Map([[lineKey(huile), huile.label]]),
    );
    expect(changes).toEqual([
      'La quantité de « Savon noir » est passée de 1 à 3',
      "« Huile de lavande – 30 ml » n'est plus dans votre panier",
      '« Musc blanc » a été ajouté à votre panier',
      n('Nouveau total : 22 500 FCFA'),
    ]);
  });

  it('says every shown line is gone from a cart now empty, without a total', () => {
    const shown = {
      lines: [
        { ...savon, quantity: 2, unit_price: 2500 },
        { ...huile, quantity: 1, unit_price: 9500 },
      ],
      total_amount: 14500,
    };
    expect(goneLines(shown, [])).toEqual(shown.lines);
    expect(cartChanges(shown, [], new Map([[lineKey(savon), 'Savon noir']]))).toEqual([
      "« Savon noir » n'est plus dans votre panier",
      // A product deleted since has no name left to give.
      "Un article n'est plus dans votre panier",
    ]);
  });

  it('refuses a total the lines do not make', () => {
    expect(
      cartChanges({ lines: [{ ...savon, quantity: 1, unit_price: 2500 }], total_amount: 1 }, [
        { ...savon, quantity: 1, unit_price: 2500 },
      ]),
    ).toEqual([n('Nouveau total : 2 500 FCFA')]);
  });

  it('has one message for the refusal', () => {
    expect(CART_CHANGED).toBe('Votre panier a changé depuis son affichage : vérifiez-le avant de commander');
  });
});

describe('ShownCartSchema', () => {
  const line = { product_id: 1, variant_id: null, quantity: 1, unit_price: 2500 };

  it('reads a shown cart, a missing variant as none', () => {
    expect(
      ShownCartSchema.parse({
        lines: [{ product_id: '1', quantity: '2', unit_price: 2500 }],
        total_amount: 5000,
      }),
    ).toEqual({
      lines: [{ product_id: 1, variant_id: null, quantity: 2, unit_price: 2500 }],
      total_amount: 5000,
    });
  });

  it('bounds its lines, ids, quantities, prices and total', () => {
    const lines = Array.from({ length: CART_MAX_LINES + 1 }, (_, i) => ({ ...line, product_id: i + 1 }));
    expect(ShownCartSchema.safeParse({ lines, total_amount: 0 }).success).toBe(false);
    expect(ShownCartSchema.safeParse({ lines: [line, line], total_amount: 5000 }).success).toBe(false);
    for (const bad of [{ product_id: 0 }, { quantity: 0 }, { unit_price: -1 }, { unit_price: 1.5 }])
      expect(ShownCartSchema.safeParse({ lines: [{ ...line, ...bad }], total_amount: 2500 }).success).toBe(
        false,
      );
    expect(ShownCartSchema.safeParse({ lines: [line], total_amount: -1 }).success).toBe(false);
    expect(ShownCartSchema.safeParse({ lines: 'x', total_amount: 0 }).success).toBe(false);
  });
});
