import { describe, expect, it } from 'vitest';
import { categoryStyle } from '../../../../src/app/features/resources/categoryStyle';
import { relativeLuminosity } from '../../../../src/shared/rules/contrastColour';

describe('category colours', () => {
  it('put white text on dark colours and black on light ones (SPEC §9, shared helper)', () => {
    expect(categoryStyle('#1B3A5C')).toEqual({ backgroundColor: '#1B3A5C', color: '#ffffff' });
    expect(categoryStyle('#FFD166')).toEqual({ backgroundColor: '#FFD166', color: '#000000' });
  });

  it('switch at a luminosity of 0.4: white at or below, black above', () => {
    const grey = (level: number) => `#${level.toString(16).padStart(2, '0').repeat(3)}`;
    const levels = Array.from({ length: 256 }, (_, level) => level);
    for (const level of levels) {
      const expected = relativeLuminosity(grey(level)) <= 0.4 ? '#ffffff' : '#000000';
      expect(categoryStyle(grey(level)).color).toBe(expected);
    }
  });

  it('keep the theme’s colours for a colour that cannot be read', () => {
    expect(categoryStyle('not a colour')).toEqual({});
  });
});
