/**
 * Fonts that the app ships but most users never choose: their stylesheet (and so their files) is
 * fetched only once a user picks them (issue 20, item 9). Keyed by the `data-font` attribute.
 */
const lazyFontStylesheets: Readonly<Record<string, () => Promise<unknown>>> = {
  'open-dyslexic': () => import('./openDyslexic.css'),
};

const requested = new Set<string>();

/** Loads the stylesheet of the font `data-font` names, once; fonts without one need nothing. */
export function loadChosenFont(fontAttribute: string | undefined): void {
  if (fontAttribute === undefined || requested.has(fontAttribute)) return;
  const load = lazyFontStylesheets[fontAttribute];
  if (!load) return;
  requested.add(fontAttribute);
  load().catch((error: unknown) => {
    // Offline before it was ever fetched: the fallback faces show, and a later choice retries.
    requested.delete(fontAttribute);
    console.error(`The font '${fontAttribute}' could not be loaded`, error);
  });
}
