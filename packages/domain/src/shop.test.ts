import { describe, expect, it } from 'vitest';
import { phoneCallLink, whatsappLink } from './shop.ts';

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
