/**
 * Where opening a notification goes: a path inside the app (client-side navigation), an http(s)
 * page elsewhere (a new tab), or nowhere. Anything else (javascript:, data:, a malformed URL) is
 * never rendered as a link, nor is one of our own API addresses (opening `/api/user/signout`
 * from a notification would sign the user out), as in the service worker's click handler.
 */
export type NotificationTarget =
  | { readonly kind: 'internal'; readonly path: string }
  | { readonly kind: 'external'; readonly href: string };

export function notificationTarget(url: string | null, origin: string): NotificationTarget | undefined {
  const text = url?.trim();
  if (!text) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(text, origin);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (parsed.origin === new URL(origin).origin) {
    if (parsed.pathname.startsWith('/api/')) return undefined;
    return { kind: 'internal', path: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  }
  return { kind: 'external', href: parsed.href };
}
