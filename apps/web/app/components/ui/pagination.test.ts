import { describe, expect, it } from 'vitest';
import { pageItems, rangeText } from './pagination';

describe('pageItems', () => {
  it('lists every page up to 5 pages', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(4, 4)).toEqual([1, 2, 3, 4]);
    for (let page = 1; page <= 5; page++) expect(pageItems(page, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('from 6 pages, hides the pages far from the current one at the end', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(pageItems(2, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
    expect(pageItems(1, 6)).toEqual([1, 2, 'ellipsis', 6]);
  });

  it('from 6 pages, hides the pages far from the current one at the start', () => {
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
    expect(pageItems(9, 10)).toEqual([1, 'ellipsis', 8, 9, 10]);
    expect(pageItems(6, 6)).toEqual([1, 'ellipsis', 5, 6]);
  });

  it('in the middle, keeps the current page and its neighbours between two ellipses', () => {
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(pageItems(50, 100)).toEqual([1, 'ellipsis', 49, 50, 51, 'ellipsis', 100]);
  });

  it('shows a single hidden page rather than an ellipsis standing for it', () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
    expect(pageItems(7, 10)).toEqual([1, 'ellipsis', 6, 7, 8, 9, 10]);
    expect(pageItems(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('treats a page out of range as the nearest one', () => {
    expect(pageItems(0, 10)).toEqual(pageItems(1, 10));
    expect(pageItems(99, 10)).toEqual(pageItems(10, 10));
  });
});

describe('rangeText', () => {
  it('says which results a full page holds', () => {
    expect(rangeText({ page: 1, perPage: 20, total: 95 })).toBe('Affichage de 1 à 20 sur 95 résultats');
    expect(rangeText({ page: 2, perPage: 20, total: 95 })).toBe('Affichage de 21 à 40 sur 95 résultats');
  });

  it('stops at the total on the last, partial page', () => {
    expect(rangeText({ page: 5, perPage: 20, total: 95 })).toBe('Affichage de 81 à 95 sur 95 résultats');
    expect(rangeText({ page: 3, perPage: 10, total: 21 })).toBe('Affichage de 21 à 21 sur 21 résultats');
  });

  it('ends a full last page at the total', () => {
    expect(rangeText({ page: 4, perPage: 25, total: 100 })).toBe('Affichage de 76 à 100 sur 100 résultats');
  });

  it('reads the nearest page when asked for one past the end', () => {
    expect(rangeText({ page: 9, perPage: 20, total: 95 })).toBe('Affichage de 81 à 95 sur 95 résultats');
  });
});
