import { isAppPage, webAddressOf } from '../../../shared/rules/notificationLinks';

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
  const address = webAddressOf(url, origin);
  if (!address) return undefined;
  if (isAppPage(address, origin)) return { kind: 'internal', path: `${address.pathname}${address.search}${address.hash}` };
  // Our own origin but not a page of the app (an API address): no link at all.
  if (address.origin === new URL(origin).origin) return undefined;
  return { kind: 'external', href: address.href };
}
