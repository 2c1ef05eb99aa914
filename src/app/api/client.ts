import type { z } from 'zod/mini';
import { isQueuedOffline, type RouteDescriptor } from '../../shared/contract/route';
import { ApiError } from './ApiError';
import { isAbort, isWriteMethod, parseSuccess, sendRequest, toHttpError } from './request';
import { buildUrl, type QueryInput } from './url';
import { runAfterWrite } from './writeEffects';
import { readXsrfToken } from './xsrf';

type ParamsOf<D> = D extends { params: infer P extends z.core.$ZodType }
  ? { readonly [K in keyof z.output<P>]: string | number }
  : never;
type QueryOf<D> = D extends { query: infer Q extends z.core.$ZodType } ? z.input<Q> : never;
type BodyOf<D> = D extends { multipart: z.core.$ZodType }
  ? FormData
  : D extends { body: infer B extends z.core.$ZodType }
    ? z.input<B> | FormData
    : never;

/** What a call resolves to: the parsed JSON for schema responses, nothing for raw ones. */
export type ResponseOf<D> = D extends { response: infer R }
  ? R extends z.core.$ZodType
    ? z.output<R>
    : undefined
  : never;

type NoKeys = Record<never, never>;

type Slot<K extends string, T, IsOptional extends boolean> = [T] extends [never]
  ? { readonly [P in K]?: undefined }
  : IsOptional extends true
    ? { readonly [P in K]?: T }
    : { readonly [P in K]: T };

export type CallOptions<D> = Slot<'params', ParamsOf<D>, false> &
  Slot<'query', QueryOf<D>, NoKeys extends QueryOf<D> ? true : false> &
  Slot<'body', BodyOf<D>, false> & {
    readonly signal?: AbortSignal;
    /** Sent as Idempotency-Key: the same key on a retry makes the server answer the first success again (actionKey.ts). */
    readonly idempotencyKey?: string;
  };

/** The options argument may be left out when the route needs none. */
type OptionsArg<D> = NoKeys extends CallOptions<D> ? [options?: CallOptions<D>] : [options: CallOptions<D>];

/** Kept here for the callers that read answers the same way; they live in request.ts. */
export { parseSuccess, toHttpError };

/**
 * Calls one contract route. Sends JSON Accept, credentials and CORS mode, and the XSRF header on
 * writes (SPEC §7). Resolves with the response parsed by the route's schema, after reloading the
 * resources the route `invalidates`; rejects with an `ApiError` (SPEC §8 shape). An aborted call
 * rejects with the abort error unchanged. A write needs a connection (`RouteDescriptor.offline`):
 * while the browser says it is offline it fails at once with the network error, sending nothing;
 * a write that queues offline is refused here, as only the outbox sends it (sync/mutation.ts).
 */
export async function callApi<const D extends RouteDescriptor>(
  route: D,
  ...[options]: OptionsArg<D>
): Promise<ResponseOf<D>> {
  const { params, query, body, signal, idempotencyKey } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: QueryInput;
    body?: unknown;
    signal?: AbortSignal;
    idempotencyKey?: string;
  };
  if (isQueuedOffline(route)) throw new Error(`${route.id} queues offline: use sendMutation`);
  if (isWriteMethod(route.method) && globalThis.navigator?.onLine === false) throw ApiError.network('offline');
  const url = buildUrl(route.path, params, query);
  const xsrfToken = isWriteMethod(route.method) ? readXsrfToken() : undefined;
  const response = await sendRequest(url, { method: route.method, body, xsrfToken, signal, ...(idempotencyKey ? { idempotencyKey } : {}) });
  try {
    if (!response.ok) throw await toHttpError(response);
    const value = (await parseSuccess(route, response)) as ResponseOf<D>;
    await runAfterWrite(route);
    return value;
  } catch (error) {
    // The connection can also drop while the body streams in.
    if (error instanceof ApiError || isAbort(error, signal)) throw error;
    throw ApiError.network(error);
  }
}
