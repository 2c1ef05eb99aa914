import { z } from 'zod/mini';
import { xsrfHeaderName } from '../../shared/contract/antiforgery';
import { apiErrorSchema } from '../../shared/contract/errors';
import { isRawResponse, type HttpMethod, type RouteDescriptor } from '../../shared/contract/route';
import { reportApiActivity } from '../session/sessionActivity';
import { invalidateAfterWrite } from '../sync/invalidation';
import { ApiError, describeStatus } from './ApiError';
import { buildUrl, type QueryInput } from './url';
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
  Slot<'body', BodyOf<D>, false> & { readonly signal?: AbortSignal };

/** The options argument may be left out when the route needs none. */
type OptionsArg<D> = NoKeys extends CallOptions<D> ? [options?: CallOptions<D>] : [options: CallOptions<D>];

const unsafeMethods: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'DELETE']);

function requestInit(route: RouteDescriptor, body: unknown, signal?: AbortSignal): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  if (unsafeMethods.has(route.method)) {
    const token = readXsrfToken();
    if (token !== undefined) headers.set(xsrfHeaderName, token);
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  return { method: route.method, headers, body: payload, credentials: 'include', mode: 'cors', signal };
}

async function readJson(response: Response): Promise<{ isJson: boolean; value: unknown }> {
  const text = await response.text();
  if (text.trim() === '') return { isJson: true, value: undefined };
  try {
    return { isJson: true, value: JSON.parse(text) as unknown };
  } catch {
    return { isJson: false, value: text };
  }
}

/** A non-2xx response as an `ApiError` (SPEC §8 shape); shared with conditionalGet.ts. */
export async function toHttpError(response: Response): Promise<ApiError> {
  const { value } = await readJson(response).catch(() => ({ value: undefined }));
  const parsed = apiErrorSchema.safeParse(value);
  return new ApiError({
    reason: 'http',
    status: response.status,
    statusText: response.statusText,
    message: parsed.success ? parsed.data.message : describeStatus(response),
    errors: parsed.success ? parsed.data.errors : {},
  });
}

function invalidResponse(response: Response, detail: string[], cause?: unknown): ApiError {
  return new ApiError({
    reason: 'invalid-response',
    status: response.status,
    statusText: response.statusText,
    message: 'The server sent a response the app does not understand.',
    errors: { response: detail },
    cause,
  });
}

/** A 2xx response parsed by the route's schema; shared with conditionalGet.ts. */
export async function parseSuccess(route: RouteDescriptor, response: Response): Promise<unknown> {
  if (isRawResponse(route.response)) return undefined;
  const { isJson, value } = await readJson(response);
  if (!isJson) throw invalidResponse(response, ['Expected a JSON body.']);
  const parsed = z.safeParse(route.response, value);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw invalidResponse(response, detail, parsed.error);
  }
  return parsed.data;
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/**
 * Calls one contract route. Sends JSON Accept, credentials and CORS mode, and the XSRF header on
 * writes (SPEC §7). Resolves with the response parsed by the route's schema, after reloading the
 * resources the route `invalidates`; rejects with an `ApiError` (SPEC §8 shape). An aborted call
 * rejects with the abort error unchanged.
 */
export async function callApi<const D extends RouteDescriptor>(
  route: D,
  ...[options]: OptionsArg<D>
): Promise<ResponseOf<D>> {
  const { params, query, body, signal } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: QueryInput;
    body?: unknown;
    signal?: AbortSignal;
  };
  const url = buildUrl(route.path, params, query);

  let response: Response;
  try {
    response = await fetch(url, requestInit(route, body, signal));
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw ApiError.network(error);
  }
  reportApiActivity({ url: response.url || url, ok: response.ok, status: response.status });
  try {
    if (!response.ok) throw await toHttpError(response);
    const value = (await parseSuccess(route, response)) as ResponseOf<D>;
    await invalidateAfterWrite(route);
    return value;
  } catch (error) {
    // The connection can also drop while the body streams in.
    if (error instanceof ApiError || isAbort(error, signal)) throw error;
    throw ApiError.network(error);
  }
}
