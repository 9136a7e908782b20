import { describe, expect, it } from 'vitest';
import type { ShopContact } from './order-messages.ts';
import { shopTemplates } from './whatsapp-templates.ts';

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

describe('the WhatsApp templates', () => {
  const templates = shopTemplates(shop);

  it('has one template per variant, every one a utility template in French', () => {
    const names = templates.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of [
      'souk_commande_recue',
      'souk_commande_recue_payee',
      'souk_commande_recue_sans_delai',
      'souk_commande_acceptee',
      'souk_commande_acceptee_note',
      'souk_commande_acceptee_payee_note',
      'souk_commande_prete',
      'souk_commande_en_route',
      'souk_commande_disponible',
      'souk_commande_disponible_payee',
      'souk_annulee_cliente',
      'souk_annulee_impayee_delai',
      'souk_annulee_impayee',
      'souk_annulee_boutique',
      'souk_annulee_boutique_raison_a_rembourser',
      'souk_annulee_boutique_raison_remboursee_moyen',
      'souk_rappel_paiement',
      'souk_nouvelle_commande',
    ])
      expect(names).toContain(name);
    for (const t of templates) {
      expect(t.name).toMatch(/^[a-z0-9_]{1,512}$/);
      expect(t).toMatchObject({ language: 'fr', category: 'UTILITY' });
    }
  });

  it("keeps Meta's rules for a body: numbered variables in order, never first or last, never side by side, 1 024 characters at most", () => {
    for (const { name, components } of templates) {
      const [{ text, example }] = components;
      const numbers = [...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
      expect(numbers, name).toEqual(numbers.map((_, i) => i + 1));
      expect(text.length, name).toBeLessThanOrEqual(1024);
      expect(text, name).not.toMatch(/^\s*\{\{|\}\}\s*$/);
      expect(text, name).not.toMatch(/\}\}\s*\{\{/);
      const values = example?.body_text[0] ?? [];
      expect(values.length, name).toBe(numbers.length);
      for (const value of values) expect(value, name).not.toMatch(/[\n\t]| {5}/);
    }
  });

  it('reads, filled with its values, as the message the shop writes', () => {
    const accepted = templates.find((t) => t.name === 'souk_commande_acceptee');
    const [{ text, example }] = accepted?.components ?? [{ text: '' }];
    const filled = text.replace(/\{\{(\d+)\}\}/g, (_, n) => example?.body_text[0][Number(n) - 1] ?? '');
    expect(filled).toBe(
      [
        'Bonjour Awa,',
        'votre commande CMD-20261129-0042 est acceptée. Montant à payer : 38\u202f500\u00a0FCFA.',
        "Pour payer par Orange Money, envoyez 38\u202f500\u00a0FCFA au +221 77 000 00 00 en indiquant la référence CMD-20261129-0042, puis répondez à ce message avec la capture du paiement. Vous pouvez aussi payer à l'agence.",
        'Merci de votre confiance !',
        'Suivre votre commande : https://boutique.example/suivi/Q2hhbmdlbWVfaWNpX3N1aXZp',
        "L'équipe Souk",
      ].join('\n'),
    );
  });
});
