import { z } from 'zod/mini';
import { antiforgeryTokenRoute, antiforgeryTokenSchema, hostXsrfCookieName, xsrfCookieName } from '../../shared/contract/antiforgery';
import { readCookie } from './cookies';
import { requestInit } from './request';

// Cookie reading has its own zod-free module, which the entry chunk uses before first paint.
export { readCookie };

/**
 * The value every POST, PUT and DELETE echoes in the X-XSRF-TOKEN header (SPEC §7): the
 * `__Host-XSRF-TOKEN` cookie behind https, the XSRF-TOKEN cookie otherwise.
 */
export function readXsrfToken(): string | undefined {
  return readCookie(hostXsrfCookieName) ?? readCookie(xsrfCookieName);
}

/**
 * Where a queued write's replay gets its token: the one valid at send time, never one stored with
 * the entry (start-up may have replaced the cookie since). Plain fetch, no DOM: the service worker
 * uses it too.
 */
export interface XsrfTokenSource {
  /** The token to send now. */
  current(): Promise<string | undefined>;
  /** A token from the server, after a write was refused for its token. */
  renew(): Promise<string | undefined>;
}

/** Asks the server for the caller's token (it also sets the cookie); undefined when unreachable. */
export async function fetchXsrfToken(fetchFn: typeof fetch): Promise<string | undefined> {
  try {
    const response = await fetchFn(antiforgeryTokenRoute.path, requestInit({ method: 'GET', isUncached: true }));
    if (!response.ok) return undefined;
    const parsed = z.safeParse(antiforgeryTokenSchema, await response.json());
    return parsed.success ? parsed.data.token : undefined;
  } catch {
    return undefined;
  }
}

/** The page's source: the cookie (the double-submit value itself), fetched when there is none. */
export function cookieXsrfTokenSource(fetchFn: typeof fetch, readToken: () => string | undefined = readXsrfToken): XsrfTokenSource {
  const renew = async () => {
    const fromBody = await fetchXsrfToken(fetchFn);
    return readToken() ?? fromBody;
  };
  return { current: async () => readToken() ?? renew(), renew };
}

/** The service worker's source (no cookies there): the server's answer, asked once per flush. */
export function fetchedXsrfTokenSource(fetchFn: typeof fetch): XsrfTokenSource {
  let token: string | undefined;
  const renew = async () => (token = await fetchXsrfToken(fetchFn));
  return { current: async () => token ?? renew(), renew };
}
