import { DEFAULT_RETURN_PATH, safeReturnPath } from '../../shared/rules/returnTo';
import { paths, serverPages } from './paths';

/**
 * Deep links through sign-in (issue 20, item 2): the route guard sends a visitor to
 * `/landing?returnTo=<the path they asked for>`, the landing's Sign in passes it to the server's
 * sign-in, which keeps it through the persona picker or the OpenID Connect round trip. Every step
 * applies the same-origin check of src/shared/rules/returnTo.ts; anything else means /home.
 */
export const returnToParam = 'returnTo';

/** The landing page for a visitor who asked for `requestUrl` (path and query are kept). */
export function landingFor(requestUrl: string | undefined): string {
  if (requestUrl === undefined) return paths.landing;
  const url = new URL(requestUrl);
  const path = safeReturnPath(`${url.pathname}${url.search}`, url.origin);
  if (path === DEFAULT_RETURN_PATH) return paths.landing;
  return `${paths.landing}?${new URLSearchParams({ [returnToParam]: path }).toString()}`;
}

/** Where a signed-in user opening `/landing?returnTo=…` goes: there when it is on this site, else home. */
export function returnPathOf(requestUrl: string): string {
  const url = new URL(requestUrl);
  return safeReturnPath(url.searchParams.get(returnToParam) ?? undefined, url.origin);
}

/**
 * The landing's Sign in: the server's sign-in, carrying the return path when there is one on this
 * site, and `keepSignedIn=1` when "Keep me signed in on this device" is ticked (issue 34 §5).
 */
export function signInHref(landingSearch: string, origin: string, keepSignedIn = false): string {
  const query = new URLSearchParams();
  const path = safeReturnPath(new URLSearchParams(landingSearch).get(returnToParam) ?? undefined, origin);
  if (path !== DEFAULT_RETURN_PATH) query.set(returnToParam, path);
  if (keepSignedIn) query.set('keepSignedIn', '1');
  const text = query.toString();
  return text ? `${serverPages.signIn}?${text}` : serverPages.signIn;
}
