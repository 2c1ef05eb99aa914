import { contrastLuminosityThreshold } from '../constants';
import { assertString } from './helperErrors';

export const lightText = '#ffffff';
export const darkText = '#000000';

/** '#abc' or '#aabbcc' (the '#' optional) to [r, g, b] in 0..255; throws for anything else. */
function parseHex(hex: string): [number, number, number] {
  const digits = hex.trim().replace(/^#/, '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  if (!/^[0-9a-fA-F]{6}$/.test(full)) throw new RangeError(`Not a hex colour: ${hex}`);
  const channel = (at: number): number => Number.parseInt(full.slice(at, at + 2), 16);
  return [channel(0), channel(2), channel(4)];
}

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminosity(hex: string): number {
  assertString(hex);
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** SPEC §9: white text on a colour whose luminosity is 0.4 or less, else black. */
export function contrastColour(background: string): typeof lightText | typeof darkText {
  return relativeLuminosity(background) <= contrastLuminosityThreshold ? lightText : darkText;
}
