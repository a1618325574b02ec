import { describe, expect, it } from 'vitest';
import { entriesText, pageButtons, pageCount } from './paging.ts';

describe('history paging', () => {
  it('says which entries are on screen', () => {
    expect(entriesText(1, 10, 12)).toBe('Showing 1 to 10 of 12 entries');
    expect(entriesText(2, 10, 12)).toBe('Showing 11 to 12 of 12 entries');
    expect(entriesText(1, 10, 3)).toBe('Showing 1 to 3 of 3 entries');
    expect(entriesText(1, 10, 0)).toBe('Showing 0 to 0 of 0 entries');
  });

  it('counts pages from the exact total', () => {
    expect(pageCount(10, 0)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(10, 11)).toBe(2);
  });

  it('shows every page button when few, else the ends and the neighbours', () => {
    expect(pageButtons(1, 2)).toEqual([1, 2]);
    expect(pageButtons(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageButtons(1, 12)).toEqual([1, 2, 3, 4, null, 12]);
    expect(pageButtons(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    expect(pageButtons(12, 12)).toEqual([1, null, 9, 10, 11, 12]);
  });
});
