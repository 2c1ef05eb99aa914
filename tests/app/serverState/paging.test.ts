import { describe, expect, it } from 'vitest';
import { nextPageWhileShort } from '../../../src/app/serverState/paging';

describe('nextPageWhileShort', () => {
  const page = (count: number, total = 45) => ({ items: Array.from({ length: count }, (_, i) => i), total });

  it('asks for the page after those loaded while fewer items are shown than the total', () => {
    expect(nextPageWhileShort(page(20), [page(20)])).toBe(2);
    expect(nextPageWhileShort(page(20), [page(20), page(20)])).toBe(3);
  });

  it('asks for none once every item is shown, or when the list is empty', () => {
    expect(nextPageWhileShort(page(5), [page(20), page(20), page(5)])).toBeUndefined();
    expect(nextPageWhileShort(page(0, 0), [page(0, 0)])).toBeUndefined();
  });
});
