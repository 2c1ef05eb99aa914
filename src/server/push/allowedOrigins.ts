/**
 * Which push services the server may POST to. A subscription endpoint is accepted (and later sent
 * to) only when its origin matches one of the configured patterns, so a client can never make
 * the server call an arbitrary URL. A pattern is an origin, and its host may start with `*.`
 * for any subdomain: `https://*.notify.windows.com` matches `https://wns2-db5p.notify.windows.com`
 * but neither `https://notify.windows.com` nor `https://evil.com/.notify.windows.com`.
 */
interface OriginPattern {
  readonly protocol: string;
  /** Exact host, or the suffix (with its leading dot) of a wildcard. */
  readonly host: string;
  readonly isWildcard: boolean;
  /** '' for the scheme's default port. */
  readonly port: string;
}

function parsePattern(pattern: string): OriginPattern {
  const isWildcard = /^[a-z]+:\/\/\*\./i.test(pattern);
  const url = new URL(isWildcard ? pattern.replace('*.', 'wildcard.') : pattern);
  const host = url.hostname.toLowerCase();
  return { protocol: url.protocol, host: isWildcard ? host.slice('wildcard'.length) : host, isWildcard, port: url.port };
}

export class AllowedOrigins {
  private readonly patterns: readonly OriginPattern[];

  constructor(patterns: readonly string[]) {
    this.patterns = patterns.map(parsePattern);
  }

  /** True for an absolute endpoint URL, without credentials, on an allowed origin. */
  allows(endpoint: string): boolean {
    if (!URL.canParse(endpoint)) return false;
    const url = new URL(endpoint);
    if (url.username || url.password) return false;
    const host = url.hostname.toLowerCase();
    return this.patterns.some(
      (p) =>
        p.protocol === url.protocol &&
        p.port === url.port &&
        (p.isWildcard ? host.endsWith(p.host) && host.length > p.host.length : host === p.host),
    );
  }
}
