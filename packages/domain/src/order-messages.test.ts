import { describe, expect, it } from 'vitest';
import { type OrderForMessage, orderMailLink, orderStatusMessage } from './order-messages.ts';
import type { OrderStatus } from './order-status.ts';

const shop = { whatsappNumber: '+221770000000', agencyLocation: '14.6928,-17.4467' };
const order = (status: OrderStatus): OrderForMessage => ({
  order_number: 'CMD-20261125-0042',
  total_amount: 38500,
  status,
  client: { name: '  Awa   Diop ' },
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

  it('prête and en_cours: the order is on its way', () => {
    expect(orderStatusMessage(order('prête'), shop)).toContain('est prête et part en livraison');
    expect(orderStatusMessage(order('en_cours'), shop)).toContain('est en route vers notre agence');
  });

  it('disponible: ready at the agency with the map link of AGENCY_LOCATION', () => {
    const text = orderStatusMessage(order('disponible'), shop);
    expect(text).toContain('est disponible à notre agence');
    expect(text).toContain('Itinéraire : https://www.google.com/maps/search/?api=1&query=14.6928%2C-17.4467');
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
