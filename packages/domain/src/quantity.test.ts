import { describe, expect, it } from 'vitest';
import { asksToConfirm, largeQuantityQuestion, onlyLeft, readQuantity } from './quantity.ts';

describe('readQuantity', () => {
  it('reads a whole number as typed', () => {
    expect(readQuantity('3')).toEqual({ quantity: 3 });
    expect(readQuantity(' 12 ')).toEqual({ quantity: 12 });
  });

  it('refuses what is not a whole number instead of turning it into another one', () => {
    for (const text of ['2.5', '2,5', '1e3', '-2', '', ' ', 'deux', '2 5'])
      expect(readQuantity(text)).toEqual({ problem: 'La quantité doit être un nombre entier' });
  });

  it('refuses 0 and more than a line may hold', () => {
    expect(readQuantity('0')).toEqual({ problem: 'La quantité doit être au moins 1' });
    expect(readQuantity('10000')).toEqual({ problem: 'La quantité ne peut pas dépasser 9999' });
  });
});

describe('asksToConfirm', () => {
  it('asks above the threshold until that quantity is confirmed', () => {
    expect(asksToConfirm(20, 20, false)).toBe(false);
    expect(asksToConfirm(21, 20, false)).toBe(true);
    expect(asksToConfirm(21, 20, true)).toBe(false);
  });
});

describe('the words around a quantity', () => {
  it('says what is left and the question before many units', () => {
    expect(onlyLeft(3, 'Huile d’argan – 50 ml')).toBe(
      'Il ne reste que 3 « Huile d’argan – 50 ml » en stock : la quantité est ramenée à 3.',
    );
    expect(largeQuantityQuestion(1000, 'Coffret cadeau', 12_360)).toMatch(
      /^Ajouter 1000 × « Coffret cadeau », soit 12\s360\s000\sFCFA \?$/u,
    );
  });
});
