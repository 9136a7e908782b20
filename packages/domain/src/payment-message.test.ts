import { describe, expect, it } from 'vitest';
import { orangeMoneyMessage } from './payment-message.ts';

describe('orangeMoneyMessage', () => {
  const item = (name: string, variant: string | null, quantity: number, total: number) => ({
    id: 1,
    product_id: 1,
    variant_id: null,
    product_name: name,
    variant_name: variant,
    sku: null,
    product: { id: 1, name },
    unit_price: total / quantity,
    price: total / quantity,
    quantity,
    total_price: total,
  });
  const order = {
    order_number: 'CMD-20260101-0007',
    total_amount: 38000,
    total_items: 3,
    notes: null,
    contact: { name: ' Awa Koné ', phone: '+2250707123456', email: null },
    items: [item('Crème de nuit', null, 2, 24000), item("Crème à l'argan", '100 ml', 1, 14000)],
  };

  it('names the customer, the order, every line, the article count and the total', () => {
    const text = orangeMoneyMessage(order);
    expect(text.split('\n')[0]).toBe(
      'Bonjour, je suis Awa Koné. Je souhaite payer ma commande CMD-20260101-0007 par Orange Money.',
    );
    expect(text).toContain('- Crème de nuit x2 : 24\u202f000\u00a0FCFA');
    expect(text).toContain("- Crème à l'argan (100 ml) x1 : 14\u202f000\u00a0FCFA");
    expect(text).toContain("Nombre d'articles : 3 articles");
    expect(text).toContain('Total à payer : 38\u202f000\u00a0FCFA');
    expect(text).not.toContain('Ma note');
  });

  it('names nobody from the tracking link (no contact): the order number says which order', () => {
    const { contact: _contact, notes: _notes, ...anonymous } = order;
    const text = orangeMoneyMessage(anonymous);
    expect(text.split('\n')[0]).toBe(
      'Bonjour, je souhaite payer ma commande CMD-20260101-0007 par Orange Money.',
    );
    expect(text).toContain('Total à payer : 38\u202f000\u00a0FCFA');
    expect(text).not.toContain('Awa');
  });

  it('quotes her note on one line when she left one', () => {
    const text = orangeMoneyMessage({ ...order, notes: 'Livraison à Cocody svp,\n  appelez avant' });
    expect(text.split('\n').at(-1)).toBe('Ma note : « Livraison à Cocody svp, appelez avant »');
  });
});
