import { lookup } from 'node:dns/promises';
import { isIPv4 } from 'node:net';

/**
 * Reading an upstream (a OneRoster service, a timetable feed) defensively. Whatever goes wrong
 * ends the run with a `ConnectorError` whose message says why, in words an administrator can act
 * on, and no held data is touched:
 * - no complete answer within the timeout (CONNECTOR_TIMEOUT_SECONDS, body included);
 * - an HTTP error status;
 * - a body over the size limit (checked against Content-Length and while reading);
 * - a redirect to another host (redirects on the same host are followed, a few at most, and never
 *   from https down to http).
 * - a host that is, or resolves to, a link-local address: that is where cloud instance metadata
 *   (and its credentials) answers, and no student record system lives there. Private and loopback
 *   addresses stay allowed: a university's systems are often on its own network.
 * Addresses in messages are shown without their query string: feed addresses often carry a key.
 */

export class ConnectorError extends Error {}

export interface UpstreamLimits {
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
}

/** The largest answer one request may return (a whole OneRoster page or one feed). */
export const DEFAULT_MAX_BODY_BYTES = 50 * 1024 * 1024;
const MAX_REDIRECTS = 5;

/** An address as messages show it: scheme, host and path, no query (it may hold a key). */
export function shownUrl(url: string | URL): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

export interface UpstreamAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Buffer;
}

/** 169.254.0.0/16, fe80::/10 (and either written as an IPv4-mapped IPv6 address). */
export function isLinkLocal(address: string): boolean {
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIPv4(plain)) return plain.startsWith('169.254.');
  return /^fe[89ab][0-9a-f]:/.test(plain);
}

/** Throws a ConnectorError when `url`'s host is, or resolves to, a link-local address. */
export async function refuseLinkLocal(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await lookup(host, { all: true, verbatim: true }).catch(() => []);
  if (isLinkLocal(host) || addresses.some(({ address }) => isLinkLocal(address))) {
    throw new ConnectorError(`${shownUrl(url)} is a link-local address (where cloud instance metadata answers); a connector never reads one.`);
  }
}

const isRedirect = (status: number): boolean => [301, 302, 303, 307, 308].includes(status);

async function readCapped(response: Response, url: URL, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new ConnectorError(`${shownUrl(url)} sent ${declared} bytes, over the limit of ${maxBytes}.`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ConnectorError(`${shownUrl(url)} sent more than the limit of ${maxBytes} bytes.`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** GETs `address` within the limits; resolves only with a 2xx answer and its whole body. */
export async function getUpstream(address: string, headers: Record<string, string>, limits: UpstreamLimits): Promise<UpstreamAnswer> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = new URL(address);
  try {
    for (let hops = 0; ; hops++) {
      await refuseLinkLocal(url);
      const response = await fetch(url, { headers, redirect: 'manual', signal });
      if (isRedirect(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) throw new ConnectorError(`${shownUrl(url)} answered ${response.status} with no Location.`);
        const next = new URL(location, url);
        if (next.hostname !== url.hostname) {
          throw new ConnectorError(`${shownUrl(url)} redirected to another host (${next.host}); a connector follows redirects only on the same host.`);
        }
        if (url.protocol === 'https:' && next.protocol !== 'https:') {
          throw new ConnectorError(`${shownUrl(url)} redirected from https to ${next.protocol}; refused.`);
        }
        if (hops >= MAX_REDIRECTS) throw new ConnectorError(`${shownUrl(url)} redirected more than ${MAX_REDIRECTS} times.`);
        url = next;
        continue;
      }
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel();
        throw new ConnectorError(`${shownUrl(url)} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
      }
      return { status: response.status, headers: response.headers, body: await readCapped(response, url, limits.maxBodyBytes) };
    }
  } catch (error) {
    throw asConnectorError(error, url, limits);
  }
}

/** Any failure of a request, as the reason a run shows. */
export function asConnectorError(error: unknown, url: URL | string, limits: UpstreamLimits): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ConnectorError(`${shownUrl(url)} gave no complete answer within ${Math.round(limits.timeoutMs / 1000)} s (CONNECTOR_TIMEOUT_SECONDS).`);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const message = error instanceof Error ? error.message : String(error);
  return new ConnectorError(`Could not read ${shownUrl(url)} (${message}${cause}).`);
}
