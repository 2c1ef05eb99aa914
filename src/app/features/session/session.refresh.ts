import { signedInUserInfoSchema, userInfoRoute } from '../../../shared/contract/user';
import { describeStatus, isApiError } from '../../api/ApiError';
import { callApi } from '../../api/client';
import type { SessionTerms } from './session.rules';

/**
 * 'Continue Session' (SPEC §4): refetches the user info, which slides the session on the server.
 * Resolves with the new terms, or null when the server says the user is no longer signed in.
 * Rejects with the SPEC §8 message, e.g. 'Error getting User. Code 500: Internal Server Error'.
 */
export async function refreshSessionTerms(): Promise<SessionTerms | null> {
  try {
    const info = await callApi(userInfoRoute);
    if (!info.isSignedIn) return null;
    const { slidingExpiration, slidingExpirationMinutes, sessionExpiration } = signedInUserInfoSchema.parse(info);
    return { slidingExpiration, slidingExpirationMinutes, sessionExpiration };
  } catch (error) {
    if (isApiError(error) && error.reason === 'http') {
      throw error.withMessage(`Error getting User. ${describeStatus(error)}`);
    }
    throw error;
  }
}
