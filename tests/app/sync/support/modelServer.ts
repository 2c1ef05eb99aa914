import { antiforgeryRefusalMessage } from '../../../../src/shared/contract/antiforgery';
import { jsonResponse, userInfoResponse } from './fixtures';

/** Lets other tasks run: `count` turns of the event loop. */
export async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * How the next requests fare: `down` (the connection fails before the server), `lossy` (a write
 * reaches the server, which acts, then its answer is lost; reads work), `error5xx` (503 without
 * acting), `up`.
 */
export type NetworkMode = 'up' | 'down' | 'lossy' | 'error5xx';

export interface Application {
  readonly name: string;
  readonly value: number;
  /** The Idempotency-Key; the same key twice is a replay. */
  readonly key: string;
}

/**
 * An in-memory server of integer registers, idempotent the way the real writes are: PUT sets the
 * value, so a replay sets it again and the last write wins. GET answers with a weak ETag and 304s.
 * Negative values are refused with 400. Antiforgery is double-submit like the real server's: the
 * browser's XSRF-TOKEN cookie (`cookieToken`, one jar shared by page and service worker) must equal
 * the header and be a token issued to the user; GET /api/antiforgerytoken keeps a valid cookie or
 * issues a new one, and answers `{ token }`. Every application is logged, replays included, so
 * tests can check that none is lost and none arrives out of order.
 */
export class ModelServer {
  readonly values = new Map<string, number>();
  readonly log: Application[] = [];
  readonly requests: { method: string; path: string; headers: Headers }[] = [];
  mode: NetworkMode = 'up';
  /** Latency of each request in event-loop turns, used in turn; varies how concurrent calls interleave. */
  latencies: readonly number[] = [];
  /** Extra latency of the next read's answer only: it then arrives after later writes went through. */
  nextReadLatency = 0;
  private requestCount = 0;
  /** The set at /api/test/set. */
  readonly set = new Set<number>();
  /** Every application to the set: local writes (with their Idempotency-Key) and other devices' changes. */
  readonly setLog: { readonly op: 'add' | 'remove'; readonly item: number; readonly key: string }[] = [];
  /** Idempotency-Keys whose success answer reached the client. */
  private readonly acknowledgedKeys = new Set<string>();
  /** Requests that came again after their success answer had reached the client: must stay 0. */
  resentAfterAck = 0;
  /** The set as the last GET of it answered. */
  lastSetAnswer: number[] | undefined;

  /** The browser's XSRF-TOKEN cookie; undefined when it has none. */
  cookieToken: string | undefined;
  /** When set, every write is refused for its token, whatever it sends. */
  isRefusingAllTokens = false;
  private readonly issuedTokens = new Set<string>();

  constructor(
    public signedInUserId: string,
    initialToken = 'token-1',
  ) {
    this.issuedTokens.add(initialToken);
    this.cookieToken = initialToken;
  }

  /** What `document.cookie` shows the page. */
  get cookie(): string {
    return this.cookieToken === undefined ? '' : `XSRF-TOKEN=${this.cookieToken}`;
  }

  /** A new token replaces the cookie, as a reopened app's start-up fetch of a fresh token did. */
  rotateToken(): string {
    const token = `token-${this.issuedTokens.size + 1}`;
    this.issuedTokens.add(token);
    this.cookieToken = token;
    return token;
  }

  value(name: string): number | null {
    return this.values.get(name) ?? null;
  }

  etag(name: string): string {
    return `W/"${name}:${this.value(name) ?? 'none'}"`;
  }

  get replays(): number {
    return this.log.length - new Set(this.log.map(({ key }) => key)).size;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const answerLatency = method === 'GET' ? this.nextReadLatency : 0;
    if (method === 'GET') this.nextReadLatency = 0;
    await turns(this.latencies[this.requestCount++ % Math.max(1, this.latencies.length)] ?? 0); // the request travels
    if (this.mode === 'down') throw new TypeError('fetch failed');
    this.requests.push({ method, path: url.pathname, headers });
    if (this.mode === 'error5xx') return jsonResponse({ message: 'Unavailable', errors: {} }, { status: 503 });
    const key = headers.get('Idempotency-Key');
    if (key !== null && this.acknowledgedKeys.has(key)) this.resentAfterAck += 1;
    const response = this.handle(method, url.pathname, headers, init?.body);
    if (this.mode === 'lossy' && method !== 'GET') throw new TypeError('connection reset');
    if (key !== null && response.ok) this.acknowledgedKeys.add(key);
    await turns(answerLatency); // the answer travels: a slow read can arrive after later writes
    return response;
  };

  private handle(method: string, path: string, headers: Headers, body: unknown): Response {
    if (path === '/api/user/info') return userInfoResponse(this.signedInUserId);
    if (path === '/api/antiforgerytoken') {
      const token = this.cookieToken !== undefined && this.issuedTokens.has(this.cookieToken) ? this.cookieToken : this.rotateToken();
      return jsonResponse({ token });
    }
    if (path === '/api/test/set' || path.startsWith('/api/test/set/')) return this.handleSet(method, path, headers, body);
    const match = /^\/api\/test\/values\/([^/]+)$/.exec(path);
    if (!match?.[1]) return jsonResponse({ message: 'Not found', errors: {} }, { status: 404 });
    const name = decodeURIComponent(match[1]);
    if (method === 'GET') {
      if (headers.get('If-None-Match') === this.etag(name)) return new Response(null, { status: 304 });
      return jsonResponse(this.value(name), { etag: this.etag(name) });
    }
    const header = headers.get('X-XSRF-TOKEN');
    if (this.isRefusingAllTokens || header === null || header !== this.cookieToken || !this.issuedTokens.has(header)) {
      return jsonResponse({ message: antiforgeryRefusalMessage, errors: { xsrf: ['Send the XSRF-TOKEN cookie value in the X-XSRF-TOKEN header.'] }, code: 'xsrf' }, { status: 403 });
    }
    const { value } = JSON.parse(String(body)) as { value: number };
    if (value < 0) return jsonResponse({ message: 'Values must not be negative.', errors: { value: ['Negative'] } }, { status: 400 });
    this.values.set(name, value);
    this.log.push({ name, value, key: headers.get('Idempotency-Key') ?? '' });
    return new Response(null, { status: 204 });
  }

  /** Another device of the same user changes the set directly on the server. */
  otherDevice(op: 'add' | 'remove', item: number): void {
    if (op === 'add') this.set.add(item);
    else this.set.delete(item);
    this.setLog.push({ op, item, key: 'other-device' });
  }

  sortedSet(): number[] {
    return [...this.set].sort((a, b) => a - b);
  }

  private handleSet(method: string, path: string, headers: Headers, body: unknown): Response {
    if (method === 'GET') {
      this.lastSetAnswer = this.sortedSet();
      return jsonResponse(this.lastSetAnswer);
    }
    const header = headers.get('X-XSRF-TOKEN');
    if (header === null || header !== this.cookieToken || !this.issuedTokens.has(header)) {
      return jsonResponse({ message: antiforgeryRefusalMessage, errors: { xsrf: ['Send the XSRF-TOKEN cookie value in the X-XSRF-TOKEN header.'] }, code: 'xsrf' }, { status: 403 });
    }
    const item = method === 'POST' ? (JSON.parse(String(body)) as { item: number }).item : Number(path.split('/').pop());
    if (item < 0) return jsonResponse({ message: 'Items must not be negative.', errors: { item: ['Negative'] } }, { status: 400 });
    const op = method === 'POST' ? 'add' : 'remove';
    if (op === 'add') this.set.add(item);
    else this.set.delete(item);
    this.setLog.push({ op, item, key: headers.get('Idempotency-Key') ?? '' });
    return new Response(null, { status: 204 });
  }
}
