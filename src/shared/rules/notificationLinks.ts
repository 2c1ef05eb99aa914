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
