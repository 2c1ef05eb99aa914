import { describe, expect, it } from 'vitest';
import { contrastColour, relativeLuminosity } from '../../../src/shared/rules/contrastColour';

describe('contrastColour', () => {
  it('computes relative luminosity', () => {
    expect(relativeLuminosity('#000000')).toBe(0);
    expect(relativeLuminosity('#ffffff')).toBeCloseTo(1);
    expect(relativeLuminosity('#fff')).toBeCloseTo(1);
    expect(relativeLuminosity('ff0000')).toBeCloseTo(0.2126);
  });

  it('puts white text on dark colours and black on light ones', () => {
    expect(contrastColour('#000000')).toBe('#ffffff');
    expect(contrastColour('#1f4e79')).toBe('#ffffff');
    expect(contrastColour('#ff0000')).toBe('#ffffff');
    expect(contrastColour('#00ff00')).toBe('#000000');
    expect(contrastColour('#FFFFFF')).toBe('#000000');
  });

  it('switches to black just above the 0.4 threshold', () => {
    // #a9a9a9 is about 0.3968, #aaaaaa about 0.4020.
    expect(contrastColour('#a9a9a9')).toBe('#ffffff');
    expect(contrastColour('#aaaaaa')).toBe('#000000');
  });

  it('refuses what is not a hex colour', () => {
    expect(() => contrastColour('red')).toThrow(RangeError);
    expect(() => contrastColour(42 as unknown as string)).toThrow(
      'The supplied parameter is not a string',
    );
  });
});
