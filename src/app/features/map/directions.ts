/**
 * Where "Directions" goes (issue 34 §5): the device's own maps app where there is a way to reach
 * it, the web otherwise.
 * - Android hands a `geo:` URI to the maps app the user chose (RFC 5870, with the `q` label Android
 *   reads as "search here"), with the web's directions as the fallback beside it: a phone with no
 *   maps app, or a browser that will not hand a `geo:` link on, still gets there.
 * - iPhones and iPads open `https://maps.apple.com/` links in Maps, and have no `geo:` handler.
 * - Anything else (a desktop browser; an iPad that asks for desktop sites says it is a Mac) gets
 *   OpenStreetMap's directions in a new tab.
 */
export interface Directions {
  readonly href: string;
  /** Whether the link leaves for the web (opened in a new tab) rather than an app. */
  readonly isWeb: boolean;
  /** What the link says it opens. */
  readonly opens: string;
}

/** The link to show, and an https one beside it where the first may find nothing to open it. */
export interface DirectionsLinks extends Directions {
  readonly fallback?: Directions;
}

export function directionsTo(place: { readonly lat: number; readonly lng: number; readonly label: string }, userAgent: string): DirectionsLinks {
  const at = `${place.lat},${place.lng}`;
  const web: Directions = { href: `https://www.openstreetmap.org/directions?route=%3B${encodeURIComponent(at)}`, isWeb: true, opens: 'OpenStreetMap' };
  if (/Android/i.test(userAgent)) {
    return { href: `geo:${at}?q=${at}(${encodeURIComponent(place.label)})`, isWeb: false, opens: 'your maps app', fallback: web };
  }
  if (/iPhone|iPad|iPod/i.test(userAgent)) {
    // An https link already: Maps opens it, or Safari shows it on the web.
    return { href: `https://maps.apple.com/?daddr=${at}&q=${encodeURIComponent(place.label)}`, isWeb: false, opens: 'Apple Maps' };
  }
  return web;
}
