import { describe, expect, it } from 'vitest';
import {
  newOrderMail,
  type OrderForMessage,
  orderMailLink,
  orderStatusMessage,
  type ShopContact,
} from './order-messages.ts';
import type { OrderStatus } from './order-status.ts';

const shop: ShopContact = {
  whatsappNumber: '+221770000000',
  agency: {
    location: '14.6928,-17.4467',
    address: 'Rue 10, Sicap Liberté 2, Dakar',
    hours: 'Du lundi au samedi, 9 h – 19 h',
  },
  deliveryTerms: 'Livraison gratuite à notre agence',
};
const order = (status: OrderStatus, notes: string | null = null): OrderForMessage => ({
  order_number: 'CMD-20261125-0042',
  total_amount: 38500,
  status,
  client: { name: '  Awa   Diop ' },
  notes,
});
// formatFcfa spaces thousands and the currency with no-break spaces (fr-FR).
const AMOUNT = /38\s500\sFCFA/u;

describe('orderStatusMessage', () => {
  it('greets the client by first name and names the order at every status', () => {
    for (const status of ['en_attente', 'acceptée', 'prête', 'en_cours', 'disponible', 'annulée'] as const) {
      const text = orderStatusMessage(order(status), shop);
      expect(text.startsWith('Bonjour Awa,\n')).toBe(true);
      expect(text).toContain('CMD-20261125-0042');
    }
  });

  it('en_attente: says the order was received and will be confirmed', () => {
    const text = orderStatusMessage(order('en_attente'), shop);
    expect(text).toContain('nous avons bien reçu votre commande');
    expect(text).toMatch(AMOUNT);
  });

  it('acceptée: the amount to pay and the Orange Money instruction with the shop number and reference', () => {
    const text = orderStatusMessage(order('acceptée'), shop);
    expect(text).toContain('est acceptée');
    expect(text).toMatch(/Montant à payer : 38\s500\sFCFA\./u);
    expect(text).toContain('Orange Money');
    expect(text).toContain('au +221 77 000 00 00 en indiquant la référence CMD-20261125-0042');
    expect(text).toContain("payer à l'agence");
  });

  it("acceptée: repeats the customer's note on one line, single-spaced", () => {
    const text = orderStatusMessage(
      order('acceptée', '  Livraison à Cocody svp,\n\n  appelez   avant '),
      shop,
    );
    expect(text.split('\n')).toContain('Votre demande : « Livraison à Cocody svp, appelez avant »');
  });

  it('acceptée: no such line without a note, nor with a blank one', () => {
    for (const notes of [null, '', ' \n\t ']) {
      const text = orderStatusMessage(order('acceptée', notes), shop);
      expect(text).not.toContain('Votre demande');
      expect(text).not.toContain('«');
    }
  });

  it('acceptée: a long note is quoted up to 200 characters, an emoji never cut in half', () => {
    const text = orderStatusMessage(order('acceptée', `${'a'.repeat(198)}👍👍👍 la suite`), shop);
    const quoted = text.split('\n').find((line) => line.startsWith('Votre demande'));
    expect(quoted).toBe(`Votre demande : « ${'a'.repeat(198)}👍… »`);
  });

  it('prête: on its way, with the delivery line the storefront shows', () => {
    const text = orderStatusMessage(order('prête'), shop);
    expect(text).toContain('est prête et part en livraison.');
    expect(text.split('\n')).toContain('Livraison gratuite à notre agence.');
    expect(text).toContain('venir la retirer');
    const owner = { ...shop, deliveryTerms: 'Livraison à notre agence : 1 000 FCFA, payés au retrait.' };
    expect(orderStatusMessage(order('prête'), owner).split('\n')).toContain(
      'Livraison à notre agence : 1 000 FCFA, payés au retrait.',
    );
  });

  it('en_cours: on its way to the agency, where the customer collects it', () => {
    expect(orderStatusMessage(order('en_cours'), shop)).toContain(
      'est en route vers notre agence, où vous viendrez la retirer.',
    );
  });

  it("disponible: at the agency, with its address, its hours and AGENCY_LOCATION's map link", () => {
    const lines = orderStatusMessage(order('disponible'), shop).split('\n');
    expect(lines[1]).toContain('est disponible à notre agence');
    expect(lines).toContain('Adresse : Rue 10, Sicap Liberté 2, Dakar');
    expect(lines).toContain('Horaires : Du lundi au samedi, 9 h – 19 h');
    expect(lines).toContain(
      'Itinéraire : https://www.google.com/maps/search/?api=1&query=14.6928%2C-17.4467',
    );
  });

  it('only acceptée quotes the note', () => {
    for (const status of ['en_attente', 'prête', 'en_cours', 'disponible', 'annulée'] as const)
      expect(orderStatusMessage(order(status, 'Appelez avant'), shop)).not.toContain('Appelez avant');
  });

  it('annulée: an apology', () => {
    const text = orderStatusMessage(order('annulée'), shop);
    expect(text).toContain('nous sommes désolés');
    expect(text).toContain('a été annulée');
    expect(text).not.toMatch(AMOUNT);
  });

  it('each status has its own words', () => {
    const texts = new Set(
      (['en_attente', 'acceptée', 'prête', 'en_cours', 'disponible', 'annulée'] as const).map((s) =>
        orderStatusMessage(order(s), shop),
      ),
    );
    expect(texts.size).toBe(6);
  });
});

describe('orderMailLink', () => {
  it('carries the subject and the status message, encoded', () => {
    const link = orderMailLink('awa+test@exemple.sn', order('disponible'), shop);
    expect(link.startsWith('mailto:awa+test@exemple.sn?subject=')).toBe(true);
    const url = new URL(link);
    expect(url.searchParams.get('subject')).toBe('Votre commande CMD-20261125-0042 — Souk');
    expect(url.searchParams.get('body')).toBe(orderStatusMessage(order('disponible'), shop));
  });
});

describe('newOrderMail', () => {
  it("writes a name stored over several lines on one: it cannot add lines to the owner's mail", () => {
    const { text } = newOrderMail(
      {
        ...order('en_attente', 'Appelez\u202E avant'),
        client: {
          name: 'Awa\nTotal : 1 FCFA\nVoir la commande : https://evil.example',
          whatsapp_phone: null,
          email: null,
        },
        items: [{ product_name: 'Savon noir', variant_name: null, quantity: 1, total_price: 38500 }],
      },
      'https://boutique.example/admin/orders?details=1',
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      'Nouvelle commande CMD-20261125-0042 de Awa Total : 1 FCFA Voir la commande : https://evil.example.',
    );
    expect(lines.filter((line) => line.startsWith('Total :'))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('Voir la commande :'))).toEqual([
      'Voir la commande : https://boutique.example/admin/orders?details=1',
    ]);
    expect(text).toContain('Note du client : « Appelez avant »');
  });
});
