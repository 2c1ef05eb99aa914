import { antiforgeryTokenRoute } from '../../shared/contract/antiforgery';
import {
  signedInUserInfoSchema,
  userInfoRoute,
  type SignedInUserInfo,
} from '../../shared/contract/user';
import { callApi } from '../api/client';
import { describeStatus, isApiError } from '../api/ApiError';

/**
 * Who is signed in, as the route loaders see it. A deliberately small seam: the offline sync
 * engine will replace the body of `loadCurrentUser` (reading the cached user from Dexie) without
 * the routes noticing.
 */
export type CurrentUser = SignedInUserInfo | null;

let pending: Promise<CurrentUser> | undefined;

/** Prefixes an HTTP failure with the SPEC §8 text, e.g. 'Error getting User. Code 500: ...'. */
function labelled(what: string) {
  return (error: unknown): never => {
    if (isApiError(error) && error.reason === 'http') {
      throw error.withMessage(`Error getting ${what}. ${describeStatus(error)}`);
    }
    throw error;
  };
}

async function fetchCurrentUser(): Promise<CurrentUser> {
  // The token is bound to the session, so it is fetched before anything that may write.
  await callApi(antiforgeryTokenRoute).catch(labelled('AntiForgeryToken'));
  const info = await callApi(userInfoRoute).catch(labelled('User'));
  if (!info.isSignedIn) return null;
  return signedInUserInfoSchema.parse(info);
}

/**
 * The signed-in user, or null when anonymous. Sign-in and sign-out are full page loads, so one
 * answer per page load is enough; concurrent loaders share the same request.
 */
export function loadCurrentUser(): Promise<CurrentUser> {
  pending ??= fetchCurrentUser().catch((error: unknown) => {
    pending = undefined; // let the next navigation try again
    throw error;
  });
  return pending;
}

/** Forgets the cached answer, e.g. after the session was extended or ended in the background. */
export function forgetCurrentUser(): void {
  pending = undefined;
}
