import { describe, expect, it } from 'vitest';
import {
  newOrderMail,
  type OrderForMessage,
  orderMailLink,
  orderStatusMessage,
  orderStatusTemplate,
  type ShopContact,
} from './order-messages.ts';
import { cancellationLine } from './order-reasons.ts';
import type { OrderStatus } from './order-status.ts';

const shop: ShopContact = {
  whatsappNumber: '+221770000000',
  agency: {
    location: '14.6928,-17.4467',
    address: 'Rue 10, Sicap Liberté 2, Dakar',
    hours: 'Du lundi au samedi, 9 h – 19 h',
  },
  deliveryTerms: 'Livraison gratuite à notre agence',
  unpaidTimeoutMs: 72 * 3_600_000,
  paymentProviders: [],
};
const TRACKING_URL = 'https://souk.example/suivi/Q2hhbmdlbWVfaWNpX3N1aXZp';
const order = (
  status: OrderStatus,
  notes: string | null = null,
  more: Partial<OrderForMessage> = {},
): OrderForMessage => ({
  order_number: 'CMD-20261125-0042',
  total_amount: 38500,
  status,
  client: { name: '  Awa   Diop ' },
  notes,
  paid_at: null,
  cancellation: status === 'annulée' ? { by: 'shop', reason: null } : null,
  refund: null,
  tracking_url: TRACKING_URL,
  ...more,
});
const PAID = '2026-11-25T10:00:00.000Z';
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

  it('ends every message with the tracking link, then the signature', () => {
    for (const status of ['en_attente', 'acceptée', 'prête', 'en_cours', 'disponible', 'annulée'] as const) {
      for (const by of ['customer', 'shop', 'system'] as const) {
        const lines = orderStatusMessage(
          order(status, null, status === 'annulée' ? { cancellation: { by, reason: null } } : {}),
          shop,
        ).split('\n');
        expect(lines.slice(-2)).toEqual([`Suivre votre commande : ${TRACKING_URL}`, "L'équipe Souk"]);
      }
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

  it("annulée by the shop: an apology, the owner's reason, nothing about money when unpaid", () => {
    const text = orderStatusMessage(
      order('annulée', null, { cancellation: { by: 'shop', reason: 'Client injoignable\ndepuis 3 jours' } }),
      shop,
    );
    expect(text).toContain('nous sommes désolés : nous avons dû annuler votre commande CMD-20261125-0042.');
    expect(text.split('\n')).toContain('Raison : Client injoignable depuis 3 jours');
    expect(text).not.toMatch(AMOUNT);
    expect(text).not.toContain('rembours');
  });

  it('annulée by the shop, paid: the refund promised, then said done and how', () => {
    const due = orderStatusMessage(
      order('annulée', null, { paid_at: PAID, refund: { state: 'due', method: null } }),
      shop,
    );
    expect(due).toMatch(/Vous l'aviez payée : nous vous remboursons 38\s500\sFCFA/u);
    const done = orderStatusMessage(
      order('annulée', null, { paid_at: PAID, refund: { state: 'done', method: 'Orange Money' } }),
      shop,
    );
    expect(done).toMatch(/Nous vous avons remboursé 38\s500\sFCFA \(Orange Money\)\./u);
    expect(done).not.toContain('nous vous remboursons');
  });

  it('annulée by the customer: her own cancellation acknowledged as hers, no apology', () => {
    const text = orderStatusMessage(
      order('annulée', null, { cancellation: { by: 'customer', reason: null } }),
      shop,
    );
    expect(text).toContain(
      "nous avons bien pris en compte l'annulation de votre commande CMD-20261125-0042, à votre demande.",
    );
    expect(text).not.toContain('désolés');
    expect(text).not.toContain('rembours');
  });

  it('annulée by the system: released unpaid after the timeout, and the promise to reinstate a late payment', () => {
    const text = orderStatusMessage(
      order('annulée', null, { cancellation: { by: 'system', reason: null } }),
      shop,
    );
    expect(text).toContain("elle n'a été ni payée ni confirmée par la boutique dans les 72 h qui ont suivi.");
    expect(text).toContain('au +221 77 000 00 00 : nous la rétablissons');
    // The same order's one text, by e-mail and by WhatsApp alike: never a refund it did not pay.
    expect(text).not.toContain('rembours');
    expect(text).not.toContain('désolés');
  });

  it('a paid order is never asked for payment, at any status', () => {
    for (const status of ['en_attente', 'acceptée', 'prête', 'en_cours', 'disponible'] as const) {
      const text = orderStatusMessage(order(status, null, { paid_at: PAID }), shop);
      expect(text).not.toContain('Montant à payer');
      expect(text).not.toContain('envoyez');
      expect(text).not.toContain('à régler');
      expect(text).not.toContain('annulée');
    }
    expect(orderStatusMessage(order('acceptée', null, { paid_at: PAID }), shop)).toMatch(
      /est acceptée, et nous avons bien reçu son paiement de 38\s500\sFCFA\./u,
    );
  });

  it('an unpaid order waiting says when it is released, in words that agree with paying at the agency', () => {
    const text = orderStatusMessage(order('en_attente'), shop);
    expect(text).toContain('ni payée ni confirmée par la boutique dans les 72 h est annulée');
    expect(text).toContain("Vous paierez à l'agence ? Dites-le-nous sur WhatsApp");
    expect(orderStatusMessage(order('en_attente'), { ...shop, unpaidTimeoutMs: 0 })).not.toContain('annulée');
    expect(orderStatusMessage(order('disponible'), shop)).toMatch(
      /Montant à régler sur place : 38\s500\sFCFA\./u,
    );
  });

  it('each status, and each who of a cancellation, has its own words', () => {
    const texts = new Set([
      ...(['en_attente', 'acceptée', 'prête', 'en_cours', 'disponible', 'annulée'] as const).map((s) =>
        orderStatusMessage(order(s), shop),
      ),
      ...(['customer', 'system'] as const).map((by) =>
        orderStatusMessage(order('annulée', null, { cancellation: { by, reason: null } }), shop),
      ),
    ]);
    expect(texts.size).toBe(8);
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

describe('cancellationLine', () => {
  it("says who cancelled and why, as 'Mes Commandes' shows it", () => {
    expect(cancellationLine({ by: 'customer', reason: null }, 0)).toBe('Annulée à votre demande');
    expect(cancellationLine({ by: 'system', reason: null }, 72 * 3_600_000)).toBe(
      'Annulée faute de paiement dans les 72 h',
    );
    expect(cancellationLine({ by: 'shop', reason: ' Rupture\nde stock ' }, 0)).toBe(
      'Annulée par la boutique : Rupture de stock',
    );
    expect(cancellationLine({ by: 'shop', reason: null }, 0)).toBe('Annulée par la boutique');
  });

  it("says it as the shop reads it on the orders screen: the client, not 'votre demande'", () => {
    expect(cancellationLine({ by: 'customer', reason: null }, 0, 'shop')).toBe('Annulée par le client');
    expect(cancellationLine({ by: 'system', reason: null }, 72 * 3_600_000, 'shop')).toBe(
      'Annulée faute de paiement dans les 72 h',
    );
    expect(cancellationLine({ by: 'shop', reason: 'Client injoignable' }, 0, 'shop')).toBe(
      'Annulée par la boutique : Client injoignable',
    );
  });
});

describe('payments from the phone in the messages', () => {
  it("says in 'acceptée', while unpaid, which providers she can pay with from her tracking link, as a template of its own", () => {
    const wave = { ...shop, paymentProviders: ['wave'] as const };
    const text = orderStatusMessage(order('acceptée'), wave);
    expect(text).toContain('Payez depuis votre téléphone avec Wave : ouvrez le lien de suivi ci-dessous.');
    expect(orderStatusTemplate(order('acceptée'), wave).name).toBe('souk_commande_acceptee_en_ligne');
    expect(
      orderStatusMessage(order('acceptée'), { ...shop, paymentProviders: ['wave', 'orange_money'] }),
    ).toContain('avec Wave ou Orange Money');
    // Paid, or without a provider: not a word of it.
    expect(orderStatusMessage({ ...order('acceptée'), paid_at: '2026-11-29T10:00:00Z' }, wave)).not.toContain(
      'téléphone',
    );
    expect(orderStatusMessage(order('acceptée'), shop)).not.toContain('téléphone');
    expect(orderStatusTemplate(order('acceptée'), shop).name).toBe('souk_commande_acceptee');
  });
});
