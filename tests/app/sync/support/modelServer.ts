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
 * Negative values are refused with 400; writes need the expected XSRF token. Every application is
 * logged, replays included, so tests can check that none is lost and none arrives out of order.
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

  constructor(
    public signedInUserId: string,
    public readonly xsrfToken = 'token-1',
  ) {}

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
    const response = this.handle(method, url.pathname, headers, init?.body);
    if (this.mode === 'lossy' && method !== 'GET') throw new TypeError('connection reset');
    await turns(answerLatency); // the answer travels: a slow read can arrive after later writes
    return response;
  };

  private handle(method: string, path: string, headers: Headers, body: unknown): Response {
    if (path === '/api/user/info') return userInfoResponse(this.signedInUserId);
    const match = /^\/api\/test\/values\/([^/]+)$/.exec(path);
    if (!match?.[1]) return jsonResponse({ message: 'Not found', errors: {} }, { status: 404 });
    const name = decodeURIComponent(match[1]);
    if (method === 'GET') {
      if (headers.get('If-None-Match') === this.etag(name)) return new Response(null, { status: 304 });
      return jsonResponse(this.value(name), { etag: this.etag(name) });
    }
    if (headers.get('X-XSRF-TOKEN') !== this.xsrfToken) return jsonResponse({ message: 'Bad token', errors: {} }, { status: 403 });
    const { value } = JSON.parse(String(body)) as { value: number };
    if (value < 0) return jsonResponse({ message: 'Values must not be negative.', errors: { value: ['Negative'] } }, { status: 400 });
    this.values.set(name, value);
    this.log.push({ name, value, key: headers.get('Idempotency-Key') ?? '' });
    return new Response(null, { status: 204 });
  }
}
