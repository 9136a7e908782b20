import { describe, expect, it } from 'vitest';
import { categoryPathFromName, foldText, oneLine, quotedNote, slugify, withoutBidiControls } from './text.ts';

describe('text helpers', () => {
  it('folds accents and case', () => {
    expect(foldText('  CRÈME Hydratante ')).toBe('creme hydratante');
  });
  it('makes URL slugs from French names', () => {
    expect(slugify('Huiles Essentielles & Bio')).toBe('huiles-essentielles-bio');
    expect(slugify('Soins du visage et du corps')).toBe('soins-du-visage-et-du-corps');
    expect(slugify('Eau de Parfum « Ambre Nuit »')).toBe('eau-de-parfum-ambre-nuit');
  });
  it('builds the category path from a name', () => {
    expect(categoryPathFromName('Savons Artisanaux')).toBe('savons-artisanaux');
  });
  it('takes out the characters that reorder text, and nothing else', () => {
    expect(withoutBidiControls('Total \u202E0001\u202C FCFA \u2066x\u2069 \u200F\u200E\u061C')).toBe(
      'Total 0001 FCFA x ',
    );
    expect(withoutBidiControls('زيت الأركان — Crème')).toBe('زيت الأركان — Crème');
  });
  it('writes a stored text on one line', () => {
    expect(oneLine(' Awa\r\nTotal : 1 FCFA\t\u0000\u202E ')).toBe('Awa Total : 1 FCFA');
    expect(quotedNote('Livraison \u202ECocody\nsvp')).toBe('Livraison Cocody svp');
  });
});
