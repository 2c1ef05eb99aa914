import { isRecord } from '../../../shared/guards';
import { carriesPageAnswer } from '../../api/pageAnswers';
/**
 * A cheap first answer to "is anybody signed in?" for the landing page and `/`, so that a
 * signed-out visitor's first paint needs neither the API client nor the contract's zod schemas
 * (scripts/bundle-budget.mjs: the landing's budget). Only a clear "nobody" counts: any other
 * answer (signed in, an HTTP error, no network) leaves the decision to `loadCurrentUser`, which
 * validates the answer, caches the user for offline use and labels errors as before.
 */

/** localStorage key of the last signed-in user info (currentUser.ts); sign-out clears local storage. */
export const lastUserStorageKey = 'cc.lastUser';

/** GET /api/user/info (contract/user.ts `userInfoRoute`; a test keeps the two equal). */
export const userInfoPath = '/api/user/info';

/** Whether this device remembers a signed-in user (then the full check runs straight away). */
export function hasCachedUser(): boolean {
  try {
    return globalThis.localStorage.getItem(lastUserStorageKey) !== null;
  } catch {
    return false; // storage blocked by privacy settings: nothing cached
  }
}

/**
 * True when the server answers user info with `isSignedIn: false`. Asked only when no signed-in
 * user is cached on this device, so an installed app opening as its user pays no extra request.
 */
export async function isAnonymousVisitor(): Promise<boolean> {
  // A page carrying its answers was made for a signed-in session (api/pageAnswers.ts).
  if (hasCachedUser() || carriesPageAnswer(userInfoPath)) return false;
  try {
    const response = await fetch(userInfoPath, {
      headers: { Accept: 'application/json' },
      credentials: 'include',
      mode: 'cors',
    });
    if (!response.ok) return false;
    const body: unknown = await response.json();
    return isRecord(body) && body.isSignedIn === false;
  } catch {
    return false;
  }
}
