import 'react';

declare module 'react' {
  /**
   * CSS custom properties (`--entry-color`) in a `style` object, as any CSS property: components
   * pass values to their stylesheets this way, and a cast would hide a misspelt ordinary property.
   */
  interface CSSProperties {
    [customProperty: `--${string}`]: string | number | undefined;
  }
}
