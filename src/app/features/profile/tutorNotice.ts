import type { ApiError } from '../../api/ApiError';

/** The negative notification of a failed tutor fetch that was an exception (an answer we could not read). */
export const tutorErrorText = 'Error getting Personal Tutor. Please try again later.';

/**
 * SPEC §8: a failed personal tutor fetch shows no message unless an exception is thrown. An HTTP
 * failure or no network is quiet (the cached tutor, if any, still shows); an answer that breaks
 * the contract is an exception, and is reported.
 */
export function tutorFailureNotice(error: ApiError | undefined): string | undefined {
  if (!error) return undefined;
  return error.reason === 'invalid-response' ? tutorErrorText : undefined;
}
