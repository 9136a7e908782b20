import { describe, expect, it } from 'vitest';
import { whatsappStateLine } from './whatsapp.ts';

describe('whatsappStateLine', () => {
  it('reads each state as the owner does, a failure with its reason', () => {
    expect(whatsappStateLine({ state: 'sent', reason: null })).toBe('Envoyé');
    expect(whatsappStateLine({ state: 'delivered', reason: null })).toBe('Remis');
    expect(whatsappStateLine({ state: 'read', reason: null })).toBe('Lu');
    expect(whatsappStateLine({ state: 'uncertain', reason: 'la réponse de WhatsApp n’est pas venue' })).toBe(
      'Envoi incertain',
    );
    expect(
      whatsappStateLine({
        state: 'failed',
        reason: "ce numéro n'est pas sur WhatsApp ou ne peut pas recevoir ce message",
      }),
    ).toBe("Échec : ce numéro n'est pas sur WhatsApp ou ne peut pas recevoir ce message");
    expect(whatsappStateLine({ state: 'failed', reason: null })).toBe('Échec');
  });
});
