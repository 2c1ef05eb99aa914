import type { CSSProperties } from 'react';
import { contrastColour } from '../../../shared/rules/contrastColour';

/**
 * A category's colour as a background, with its text in the SPEC §9 contrast colour (white at a
 * luminosity of 0.4 or less, else black). A colour that cannot be parsed keeps the theme's colours.
 */
export function categoryStyle(colour: string): CSSProperties {
  try {
    return { backgroundColor: colour, color: contrastColour(colour) };
  } catch {
    return {};
  }
}
