import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY_TERMS,
  deliveryLine,
  deliveryShortForm,
  phoneCallLink,
  whatsappLink,
} from './shop.ts';

describe('shop contact helpers', () => {
  it('builds a WhatsApp link with a prefilled message from a stored number', () => {
    expect(whatsappLink('+221770000000', 'Bonjour à vous')).toBe(
      'https://wa.me/221770000000?text=Bonjour%20%C3%A0%20vous',
    );
    expect(whatsappLink('+221771234567')).toBe('https://wa.me/221771234567');
  });
  it('calls the number in international form', () => {
    expect(phoneCallLink('+2250707123456')).toBe('tel:+2250707123456');
  });
});

describe('the delivery line', () => {
  it('says the default terms whole, and under a Livraison heading without repeating it', () => {
    expect(deliveryLine(DEFAULT_DELIVERY_TERMS)).toBe('Livraison gratuite à notre agence');
    expect(deliveryShortForm(DEFAULT_DELIVERY_TERMS)).toBe('Gratuite à notre agence');
  });
  it("takes the owner's terms as they are worded, a closing full stop left to each place", () => {
    expect(deliveryLine(' Livraison à notre agence : 1 000 FCFA. ')).toBe(
      'Livraison à notre agence : 1 000 FCFA',
    );
    expect(deliveryShortForm('Livraison : 1 000 FCFA à Dakar')).toBe('1 000 FCFA à Dakar');
    expect(deliveryShortForm('Retrait gratuit à notre agence')).toBe('Retrait gratuit à notre agence');
    expect(deliveryShortForm('Livraison')).toBe('Livraison');
  });
});
