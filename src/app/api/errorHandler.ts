import { errorKeys } from '../../shared/contract/errors';
import { toast } from '../ui/toast/toastStore';
import { describeStatus, isApiError, networkErrorMessage, type ApiFieldErrors } from './ApiError';

/** SPEC §8: a message plus a map from field to messages; network problems under `network`. */
export interface ErrorDetails {
  readonly message: string;
  readonly errors: ApiFieldErrors;
}

export const unexpectedErrorMessage = 'Something went wrong. Please try again.';

/** A cancelled request is not a failure to report. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Maps anything a call can throw to the SPEC §8 shape, for forms and error boxes. */
export function toErrorDetails(error: unknown): ErrorDetails {
  if (isApiError(error)) {
    if (error.isNetworkError) {
      return { message: networkErrorMessage, errors: { ...error.errors, [errorKeys.network]: [networkErrorMessage] } };
    }
    return { message: error.message, errors: error.errors };
  }
  if (error instanceof Error && error.message) return { message: error.message, errors: {} };
  return { message: unexpectedErrorMessage, errors: {} };
}

export interface DescribeOptions {
  /**
   * What was being fetched, for the SPEC §8 form 'Error getting {what}. Code {status}: {statusText}'
   * (e.g. 'Timetable', 'User Profile').
   */
  readonly getting?: string;
  /** Shows an HTTP failure as 'Code {status}: {statusText}' (SPEC §8) rather than the server's message. */
  readonly isStatusOnly?: boolean;
  /** Replaces the message of any failure other than a network one (e.g. 'Error creating the iCal subscription.'). */
  readonly message?: string;
}

/** The one line a notification shows for a failure. */
export function describeError(error: unknown, options: DescribeOptions = {}): string {
  if (isApiError(error) && error.isNetworkError) return networkErrorMessage;
  if (options.message) return options.message;
  if (isApiError(error) && error.reason === 'http') {
    if (options.getting) return `Error getting ${options.getting}. ${describeStatus(error)}`;
    return options.isStatusOnly ? describeStatus(error) : error.message;
  }
  return toErrorDetails(error).message;
}

export interface ShowErrorOptions extends DescribeOptions {
  /** Milliseconds; the toast default (3000) when left out. */
  readonly timeout?: number;
}

/**
 * Reports a failure as a negative toast (SPEC §8) and returns its details for the caller's form.
 * Aborted requests are ignored and give undefined.
 *
 *     fetchTimetable().catch((error) => showErrorToast(error, { getting: 'Timetable' }));
 */
export function showErrorToast(error: unknown, options: ShowErrorOptions = {}): ErrorDetails | undefined {
  if (isAbortError(error)) return undefined;
  const { timeout, ...describe } = options;
  toast.negative(describeError(error, describe), timeout === undefined ? undefined : { timeout });
  return toErrorDetails(error);
}
