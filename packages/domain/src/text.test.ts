import { describe, expect, it } from 'vitest';
import { categoryPathFromName, foldText, slugify } from './text.ts';

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
});
