import type { RouteDescriptor } from '../../shared/contract/route';
import { reportApiActivity } from '../features/session/sessionActivity';
import { ApiError } from './ApiError';
import { parseSuccess, toHttpError } from './client';
import { buildUrl, type QueryInput } from './url';

/** A revalidating GET's answer: the parsed value and its ETag, or "your copy is still current". */
export type ConditionalResult =
  | { readonly isModified: true; readonly value: unknown; readonly etag: string | null }
  | { readonly isModified: false };

export interface ConditionalGetOptions {
  readonly params?: Readonly<Record<string, string | number>>;
  readonly query?: QueryInput;
  /** The stored ETag; sent as If-None-Match. */
  readonly etag?: string | null;
  readonly signal?: AbortSignal;
}

/**
 * `callApi` for the sync engine: the same headers, credentials, errors and schema parsing, plus
 * If-None-Match and the response's ETag. 304 means the stored copy is current.
 */
export async function conditionalGet(route: RouteDescriptor, options: ConditionalGetOptions = {}): Promise<ConditionalResult> {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.etag) headers.set('If-None-Match', options.etag);
  const url = buildUrl(route.path, options.params, options.query);
  let response: Response;
  try {
    // no-store: our own If-None-Match decides, and a 304 reaches us instead of the HTTP cache's copy.
    response = await fetch(url, { method: 'GET', headers, credentials: 'include', mode: 'cors', cache: 'no-store', signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw ApiError.network(error);
  }
  reportApiActivity({ url: response.url || url, ok: response.ok || response.status === 304, status: response.status });
  if (response.status === 304) return { isModified: false };
  try {
    if (!response.ok) throw await toHttpError(response);
    const value = await parseSuccess(route, response);
    return { isModified: true, value, etag: response.headers.get('ETag') };
  } catch (error) {
    if (error instanceof ApiError || options.signal?.aborted) throw error;
    throw ApiError.network(error);
  }
}
