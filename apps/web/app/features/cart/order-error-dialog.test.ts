import { ordersTooMany, TOO_MANY_ATTEMPTS } from '@souk/domain/account-messages';
import { describe, expect, it } from 'vitest';
import { orderErrorTitle } from './order-error-dialog';

describe("the order error dialog's title", () => {
  it('says an order refused past the limit cannot go through for now, not a validation error', () => {
    expect(orderErrorTitle(ordersTooMany(720, '+221 77 000 00 00'))).toBe(
      'Commande impossible pour le moment',
    );
    expect(orderErrorTitle(TOO_MANY_ATTEMPTS)).toBe('Commande impossible pour le moment');
  });

  it('keeps the validation title for the other refusals', () => {
    expect(orderErrorTitle('Stock insuffisant pour Savon noir')).toBe('Erreur de validation');
  });
});
