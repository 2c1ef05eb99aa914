/** Where sign-in goes when the requested return path is missing or refused. */
export const DEFAULT_RETURN_PATH = '/home';

/** Stands in for PUBLIC_ORIGIN when it is unset; only the path's meaning on an origin matters here. */
const PLACEHOLDER_ORIGIN = 'https://campus.invalid';

const parse = (input: string, base: string): URL | undefined => (URL.canParse(input, base) ? new URL(input, base) : undefined);

/**
 * The path to send a user back to after sign-in, or the default when `returnTo` leaves this site.
 * The decision is made by the URL parser, never by looking at the text: `returnTo` is resolved
 * against the public origin and must stay on it, and the path that comes out must resolve to the
 * very same URL again. That second step refuses dot segments that collapse into a scheme-relative
 * `//host` (`/.//evil.example`, `/a/..//evil.example`, `/%2e//evil.example`).
 */
export function safeReturnPath(returnTo: string | undefined, publicOrigin: string | undefined): string {
  const origin = publicOrigin ?? PLACEHOLDER_ORIGIN;
  const resolved = parse(returnTo ?? DEFAULT_RETURN_PATH, `${origin}/`);
  if (!resolved || resolved.origin !== origin) return DEFAULT_RETURN_PATH;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return parse(path, `${origin}/`)?.href === resolved.href ? path : DEFAULT_RETURN_PATH;
}
