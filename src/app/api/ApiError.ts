import type { ErrorCode } from '../../shared/contract/errorCodes';
import { errorKeys } from '../../shared/contract/errorKeys';

/**
 * Why a call failed:
 * - `http`: the server answered with a non-2xx status;
 * - `network`: no answer at all (offline, DNS, connection reset);
 * - `invalid-response`: a 2xx answer that does not match the contract.
 */
export type ApiErrorReason = 'http' | 'network' | 'invalid-response';

/** Field name -> messages, as in the SPEC §8 error body. */
export type ApiFieldErrors = Record<string, string[]>;

export interface ApiErrorInit {
  readonly reason: ApiErrorReason;
  readonly status: number;
  readonly statusText: string;
  readonly message: string;
  readonly errors?: ApiFieldErrors;
  /** The kind of refusal the server named (`errorCodes.ts`); none for network and invalid answers. */
  readonly code?: ErrorCode;
  readonly cause?: unknown;
}

export const networkErrorMessage =
  'A network error occurred. Are you connected to the internet?';

/**
 * A failed API call, carrying the SPEC §8 shape: a message and an errors map, plus the server's
 * `code`. Recognise a kind of refusal by `code`, never by its message (which may be reworded).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly reason: ApiErrorReason;
  /** HTTP status; 0 when there was no response. */
  readonly status: number;
  readonly statusText: string;
  readonly errors: ApiFieldErrors;
  readonly code: ErrorCode | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.reason = init.reason;
    this.status = init.status;
    this.statusText = init.statusText;
    this.errors = init.errors ?? {};
    this.code = init.code;
  }

  get isNetworkError(): boolean {
    return this.reason === 'network';
  }

  /** The same failure with a different user-facing message (e.g. 'Error getting User. Code 500: ...'). */
  withMessage(message: string): ApiError {
    const { reason, status, statusText, errors, code, cause } = this;
    return new ApiError({ reason, status, statusText, errors, message, cause, ...(code === undefined ? {} : { code }) });
  }

  static network(cause: unknown): ApiError {
    return new ApiError({
      reason: 'network',
      status: 0,
      statusText: '',
      message: networkErrorMessage,
      errors: { [errorKeys.network]: [networkErrorMessage] },
      cause,
    });
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** 'Code {status}: {statusText}', the tail of most SPEC §8 messages. */
export function describeStatus(error: Pick<ApiError, 'status' | 'statusText'>): string {
  return `Code ${error.status}: ${error.statusText}`;
}
