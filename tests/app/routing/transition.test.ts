import { describe, expect, it } from 'vitest';
import { transitionDirection } from '../../../src/app/routing/transition';

describe('page transition direction (SPEC §2)', () => {
  it('slides right when the new menu order is lower, otherwise left', () => {
    expect(transitionDirection(4, 2)).toBe('right');
    expect(transitionDirection(2, 4)).toBe('left');
    expect(transitionDirection(3, 3)).toBe('left');
  });

  it('treats a page without an order as coming after every menu entry', () => {
    expect(transitionDirection(undefined, 1)).toBe('right');
    expect(transitionDirection(6, undefined)).toBe('left');
    expect(transitionDirection(undefined, undefined)).toBe('left');
  });
});
