const probeOrigin = 'https://app.invalid';

/**
 * Whether a notification's url is a path inside the app (`/timetable`, `/attendance?tab=2`): it must
 * stay on the app's origin however a browser reads it. `//host`, a backslash, or a control
 * character (which browsers drop, so `/\t/evil.example` reads as `//evil.example`) is refused.
 */
export function isAppPath(value: string): boolean {
  if (!value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return false;
  return URL.canParse(value, probeOrigin) && new URL(value, probeOrigin).origin === probeOrigin;
}

/**
 * A notification's url, resolved against the app's origin, when it is an http(s) address. Anything
 * else (javascript:, data:, a malformed URL, nothing) gives undefined.
 */
export function webAddressOf(url: string | null | undefined, origin: string): URL | undefined {
  const text = url?.trim();
  if (!text || !URL.canParse(text, origin)) return undefined;
  const parsed = new URL(text, origin);
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
}

/**
 * Whether an address is a page of the app itself: on its origin and not an API address (opening
 * `/api/user/signout` from a notification would sign the user out). The notification centre and
 * the service worker's click handler both go by this.
 */
export function isAppPage(address: URL, origin: string): boolean {
  return address.origin === new URL(origin).origin && !address.pathname.startsWith('/api/');
}
