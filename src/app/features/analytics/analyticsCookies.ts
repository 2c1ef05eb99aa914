/**
 * The cookies analytics providers set: Google Analytics (`_ga`, `_ga_<id>`, `_gid`, `_gat…`,
 * `_gcl…`), Matomo (`_pk_…`, `MATOMO_SESSID`, `mtm_…`), and Umami's or Plausible's opt-outs.
 */
const analyticsCookiePattern = /^(_ga($|_)|_gid$|_gat|_gcl_|__utm|_pk_|MATOMO_SESSID$|mtm_|umami|plausible)/;

export function isAnalyticsCookie(name: string): boolean {
  return analyticsCookiePattern.test(name);
}

const isIpAddress = (hostname: string) => /^[\d.]+$/.test(hostname) || hostname.includes(':');

/**
 * Every Domain attribute a cookie visible on this host may have been set with: none (host-only),
 * the host itself, and each parent domain down to the registrable one, with and without the
 * leading dot (browsers treat them alike; old scripts wrote both). A public suffix (`ac.uk`) is
 * tried too: the browser ignores it, and without the public suffix list we cannot tell which one
 * is the registrable domain.
 */
export function domainVariants(hostname: string): (string | undefined)[] {
  const variants: (string | undefined)[] = [undefined];
  if (!hostname || isIpAddress(hostname)) return hostname ? [undefined, hostname] : variants;
  const labels = hostname.split('.');
  // Down to the last two labels (a bare top-level domain is never a cookie domain), or the one label.
  for (let index = 0; index < Math.max(labels.length - 1, 1); index += 1) {
    const domain = labels.slice(index).join('.');
    variants.push(domain, `.${domain}`);
  }
  return variants;
}

/** '/' and every prefix of the path: a cookie goes away only with the path it was set for. */
export function pathVariants(pathname: string): string[] {
  const paths = ['/'];
  let prefix = '';
  for (const segment of pathname.split('/').filter(Boolean)) {
    prefix += `/${segment}`;
    paths.push(prefix);
  }
  return paths;
}

export interface CookieJar {
  cookie: string;
}

/** The analytics cookies script can see now. */
export function visibleAnalyticsCookies(jar: CookieJar): string[] {
  const names = jar.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => name !== '' && isAnalyticsCookie(name));
  return [...new Set(names)];
}

/**
 * Expires every analytics cookie on every domain and path variant of this page (SPEC §4, denied).
 * Script cannot read a cookie's domain, so each name is expired under all of them.
 */
export function removeAnalyticsCookies(jar: CookieJar, location: { readonly hostname: string; readonly pathname: string }): string[] {
  const names = visibleAnalyticsCookies(jar);
  for (const name of names) {
    for (const domain of domainVariants(location.hostname)) {
      for (const path of pathVariants(location.pathname)) {
        jar.cookie = [`${name}=`, 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', `Path=${path}`, ...(domain ? [`Domain=${domain}`] : [])].join('; ');
      }
    }
  }
  return names;
}
