import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageItems, rangeLabel, rowsPerPageLabel, rowsPerPageOptions } from '../../../src/app/ui/table/pagination';

const rows = Array.from({ length: 42 }, (_, index) => index + 1);

describe('table paging (SPEC §2 table defaults)', () => {
  it('offers 5, 7, 10, 15, 20, 25, 50 and all', () => {
    expect(rowsPerPageOptions).toEqual([5, 7, 10, 15, 20, 25, 50, 0]);
    expect(rowsPerPageOptions.map(rowsPerPageLabel).at(-1)).toBe('All');
  });

  it('slices pages, with 0 meaning every row', () => {
    expect(pageCount(42, 10)).toBe(5);
    expect(pageItems(rows, 5, 10)).toEqual([41, 42]);
    expect(pageItems(rows, 1, 0)).toHaveLength(42);
    expect(pageCount(42, 0)).toBe(1);
    expect(pageCount(0, 10)).toBe(1);
  });

  it('keeps the page in range when rows shrink or the size grows', () => {
    expect(clampPage(9, 42, 10)).toBe(5);
    expect(clampPage(0, 42, 10)).toBe(1);
    expect(clampPage(Number.NaN, 42, 10)).toBe(1);
    expect(pageItems(rows, 9, 20)).toEqual([41, 42]);
  });

  it('describes the rows in view', () => {
    expect(rangeLabel(2, 42, 10)).toBe('11–20 of 42');
    expect(rangeLabel(5, 42, 10)).toBe('41–42 of 42');
    expect(rangeLabel(1, 42, 0)).toBe('All 42');
    expect(rangeLabel(1, 0, 10)).toBe('No rows');
  });
});
