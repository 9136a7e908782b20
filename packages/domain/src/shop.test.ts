import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, whatsappLink } from './shop.ts';

describe('shop contact helpers', () => {
  it('shows the number spaced in international form', () => {
    expect(formatPhoneNumber('221770000000')).toBe('+221 77 000 00 00');
  });
  it('builds a WhatsApp link with a prefilled message', () => {
    expect(whatsappLink('+221 77 000 00 00', 'Bonjour à vous')).toBe(
      'https://wa.me/221770000000?text=Bonjour%20%C3%A0%20vous',
    );
  });
});
