import type { RouteDescriptor } from '../../shared/contract/route';
import { nextLinkOf, pagingHeaders } from '../../shared/contract/paging';
import { sessionUserHeader } from '../../shared/rules/sessionUserHeader';
import { ApiError } from './ApiError';
import { isAbort, parseSuccess, sendRequest, toHttpError } from './request';
import { buildUrl, type QueryInput } from './url';

/** A revalidating GET's answer: the parsed value and its ETag, or "your copy is still current". */
export type ConditionalResult =
  | {
      readonly isModified: true;
      readonly value: unknown;
      readonly etag: string | null;
      /** The user the answer was made for (`X-Session-User`); null when the server did not say. */
      readonly sessionUser?: string | null;
      /** A paged list's next page (its `Link` rel="next" URL); undefined on the last page. */
      readonly nextPage?: string;
    }
  | { readonly isModified: false };

export interface ConditionalGetOptions {
  readonly params?: Readonly<Record<string, string | number>>;
  readonly query?: QueryInput;
  /** The stored ETag; sent as If-None-Match. */
  readonly etag?: string | null;
  readonly signal?: AbortSignal;
  /** A URL the server gave (a paged list's next link), asked instead of the route's own. */
  readonly url?: string;
}

/**
 * `callApi` for the sync engine: the same headers, credentials, errors and schema parsing, plus
 * If-None-Match and the response's ETag. 304 means the stored copy is current.
 */
export async function conditionalGet(route: RouteDescriptor, options: ConditionalGetOptions = {}): Promise<ConditionalResult> {
  const url = options.url ?? buildUrl(route.path, options.params, options.query);
  const { etag, signal } = options;
  const response = await sendRequest(url, { method: 'GET', etag, signal, isUncached: true });
  if (response.status === 304) return { isModified: false };
  try {
    if (!response.ok) throw await toHttpError(response);
    const value = await parseSuccess(route, response);
    const nextPage = nextLinkOf(response.headers.get(pagingHeaders.link));
    return {
      isModified: true, value, etag: response.headers.get('ETag'), sessionUser: response.headers.get(sessionUserHeader), ...(nextPage ? { nextPage } : {}),
    };
  } catch (error) {
    if (error instanceof ApiError || isAbort(error, signal)) throw error;
    throw ApiError.network(error);
  }
}
