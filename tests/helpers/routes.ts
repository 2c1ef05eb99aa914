import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RouteDescriptor } from '../../src/shared/contract/route.js';
import type { Caller } from './testApp.js';

/** Path values, filled into the descriptor's `:name` segments. Loosely typed, so a test can send a bad one. */
export type PathParams = Readonly<Record<string, string | number>>;
/** Query values; arrays repeat the key, undefined is left out. */
export type QueryParams = Readonly<Record<string, string | number | boolean | undefined | readonly (string | number)[]>>;

/** The URL of a contract route: `pathOf(absenceFileRoute, { rowId: 4, fileRowId: 9 })`. */
export function pathOf(route: Pick<RouteDescriptor, 'path'>, params: PathParams = {}, query?: QueryParams): string {
  const path = route.path.replace(/:(\w+)/g, (_segment, name: string) => {
    if (!(name in params)) throw new Error(`pathOf: ${route.path} needs '${name}'`);
    return encodeURIComponent(String(params[name]));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) search.append(key, String(item));
  }
  return search.size > 0 ? `${path}?${search.toString()}` : path;
}

export interface CallOptions {
  readonly params?: PathParams;
  readonly query?: QueryParams;
  /** A JSON body (any value, so a test can send a wrong one), or a raw string or Buffer with `headers`. */
  readonly body?: unknown;
  /** Who calls: their cookies and, on writes, their antiforgery token. Nobody when left out. */
  readonly as?: Caller;
  /** Send the antiforgery header (default true; only when `as` holds a token). */
  readonly withXsrf?: boolean;
  readonly headers?: Readonly<Record<string, string>>;
  /** The caller's address as the server sees it (default 127.0.0.1). */
  readonly remoteAddress?: string;
}

/** Calls a contract route on the app, through its descriptor's method and path. */
export function callRoute(app: FastifyInstance, route: Pick<RouteDescriptor, 'method' | 'path'>, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  const { body } = options;
  return app.inject({
    method: route.method,
    url: pathOf(route, options.params, options.query),
    headers: { ...options.as?.headers(options.withXsrf ?? true), ...options.headers },
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
    ...(body === undefined ? {} : { payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : (body as object) }),
  });
}
