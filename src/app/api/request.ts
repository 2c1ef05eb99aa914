/**
 * The one place requests to the API are built and their answers read: headers (JSON Accept, the
 * X-XSRF-TOKEN on writes, If-None-Match, Idempotency-Key), credentials and CORS mode, reporting
 * each answer to the session (it slides its expiry on them), and turning answers into values or
 * `ApiError`s (SPEC §8 shape). `callApi`, `conditionalGet`, the outbox flusher, the antiforgery
 * token fetch and the absence upload (XMLHttpRequest, for its progress) all build on it.
 * No DOM: the service worker's flusher uses it too.
 */
import { z } from 'zod/mini';
import { xsrfHeaderName } from '../../shared/contract/antiforgery';
import { sessionRevokedHeader } from '../../shared/rules/sessionUserHeader';
import { reportSessionRevoked } from './sessionRevoked';
import { apiErrorSchema } from '../../shared/contract/errors';
import { isErrorCode } from '../../shared/contract/errorCodes';
import { isRawResponse, type HttpMethod, type RouteDescriptor } from '../../shared/contract/route';
import { viewingAsHeader } from '../../shared/rules/viewAsHeader';
import { reportApiActivity } from './apiActivity';
import { takePageAnswer } from './pageAnswers';
import { getActiveUser } from '../db/activeUser';
import { reportServerReachable } from '../sync/connectivity';
import { ApiError, describeStatus } from './ApiError';

const unsafeMethods: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'DELETE']);

export const isWriteMethod = (method: HttpMethod): boolean => unsafeMethods.has(method);

export interface HeaderOptions {
  readonly method: HttpMethod;
  /** Sent on writes only. */
  readonly xsrfToken?: string;
  /** The body is JSON (not FormData, which sets its own Content-Type). */
  readonly hasJsonBody?: boolean;
  /** A stored ETag, sent as If-None-Match. */
  readonly etag?: string | null;
  /** Sent as Idempotency-Key, so a replay is recognisable. */
  readonly idempotencyKey?: string;
}

/** The headers every API request carries, as a plain record (fetch and XMLHttpRequest alike). */
export function requestHeaders(options: HeaderOptions): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (isWriteMethod(options.method) && options.xsrfToken !== undefined) headers[xsrfHeaderName] = options.xsrfToken;
  if (options.hasJsonBody) headers['Content-Type'] = 'application/json';
  if (options.etag) headers['If-None-Match'] = options.etag;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  // A page viewing as someone says so on its writes: the server refuses them unless the session is
  // still that view (one stopped in another tab, or lapsed, has handed back the admin's cookies).
  if (isWriteMethod(options.method) && getActiveUser()?.viewAs !== undefined) headers[viewingAsHeader] = '1';
  return headers;
}

export interface RequestOptions extends Omit<HeaderOptions, 'hasJsonBody'> {
  /** A JSON value, a JSON text already serialised (`isSerialised`), FormData, or nothing. */
  readonly body?: unknown;
  readonly isSerialised?: boolean;
  readonly signal?: AbortSignal;
  /** Bypass the HTTP cache: our own If-None-Match decides, and a 304 reaches us. */
  readonly isUncached?: boolean;
}

/** The RequestInit of an API call. */
export function requestInit(options: RequestOptions): RequestInit {
  const { body } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const payload: BodyInit | undefined =
    body === undefined || body === null ? undefined : isForm ? body : options.isSerialised && typeof body === 'string' ? body : JSON.stringify(body);
  return {
    method: options.method,
    headers: requestHeaders({ ...options, hasJsonBody: payload !== undefined && !isForm }),
    ...(payload === undefined ? {} : { body: payload }),
    credentials: 'include',
    mode: 'cors',
    ...(options.isUncached ? { cache: 'no-store' as const } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

/** Tells the session about an answer (a 304 is a successful one). */
export function reportAnswer(url: string, status: number): void {
  reportApiActivity({ url, ok: (status >= 200 && status < 300) || status === 304, status });
}

/**
 * The browser's fetch, reporting every answer to the session (and a session ended elsewhere), and
 * to the header's connectivity signal: any answer means the server is there, no answer that it is
 * not (an abort says nothing). A GET the page already carries the answer to (pageAnswers.ts) is
 * answered from it, once, as the server answered it when it sent the page.
 */
export const reportingFetch: typeof fetch = async (input, init) => {
  let response: Response;
  try {
    response = takePageAnswer(input, init) ?? (await globalThis.fetch(input, init));
  } catch (error) {
    if (!isAbort(error, init?.signal ?? undefined)) reportServerReachable(false);
    throw error;
  }
  reportServerReachable(true);
  reportAnswer(response.url || (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url), response.status);
  if (response.headers.get(sessionRevokedHeader) === '1') reportSessionRevoked();
  return response;
};

export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/**
 * Sends a request with `reportingFetch`; a failure to get any answer is a network `ApiError`
 * (an abort rejects with the abort error unchanged).
 */
export async function sendRequest(url: string, options: RequestOptions): Promise<Response> {
  try {
    return await reportingFetch(url, requestInit(options));
  } catch (error) {
    if (isAbort(error, options.signal)) throw error;
    throw ApiError.network(error);
  }
}

async function readJson(response: Response): Promise<{ isJson: boolean; value: unknown }> {
  const text = await response.text();
  if (text.trim() === '') return { isJson: true, value: undefined };
  try {
    const value: unknown = JSON.parse(text);
    return { isJson: true, value };
  } catch {
    return { isJson: false, value: text };
  }
}

/** A non-2xx response as an `ApiError` (SPEC §8 shape; else 'Code {status}: {statusText}'). */
export async function toHttpError(response: Response): Promise<ApiError> {
  const { value } = await readJson(response).catch(() => ({ value: undefined }));
  const parsed = z.safeParse(apiErrorSchema, value);
  return new ApiError({
    reason: 'http',
    status: response.status,
    statusText: response.statusText,
    message: parsed.success ? parsed.data.message : describeStatus(response),
    errors: parsed.success ? parsed.data.errors : {},
    ...(parsed.success && isErrorCode(parsed.data.code) ? { code: parsed.data.code } : {}),
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

/** A 2xx response parsed by the route's schema (nothing for raw responses). */
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

/** A write refused for its antiforgery token (a 403 with code `xsrf`), not for itself. */
export async function isAntiforgeryRefusal(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const error = await toHttpError(response.clone());
  return error.code === 'xsrf';
}
