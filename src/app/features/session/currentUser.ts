import { z } from 'zod/mini';
import { antiforgeryTokenRoute } from '../../../shared/contract/antiforgery';
import {
  signedInUserInfoSchema,
  userInfoRoute,
  type SignedInUserInfo,
} from '../../../shared/contract/user';
import { callApi } from '../../api/client';
import { describeStatus, isApiError } from '../../api/ApiError';
import { setActiveUser } from '../../db/activeUser';
import { viewAsDatabaseName } from '../../db/names';
import { deleteOtherUsersData } from '../../db/otherUsersData';
import { deleteViewAsData } from '../../db/viewAsData';
import { lastUserStorageKey } from './anonymousVisitor';
import { onSessionRevoked } from '../../api/sessionRevoked';
import { wipeRevokedDevice } from './signOut';

/**
 * Who is signed in, as the route loaders see it. On a network failure the last signed-in user
 * cached on this device stands in, so the installed app opens offline (GUIDE "Who uses it").
 * The answer also selects whose local database the data layer opens (`setActiveUser`).
 */
export type CurrentUser = SignedInUserInfo | null;

/** Where the last answer came from: the server, or this device's cache while offline. */
export type CurrentUserSource = 'server' | 'offline-cache';

// The localStorage key of the last signed-in user info lives in the landing's zod-free module.
export { lastUserStorageKey };

// A session ended on another device (or by an administrator): this device's copy goes at once.
// Registered as this module loads, before its first request: the start-up asks who is signed in.
onSessionRevoked(() => void wipeRevokedDevice());

let pending: Promise<CurrentUser> | undefined;
let source: CurrentUserSource | undefined;

/** Prefixes an HTTP failure with the SPEC §8 text, e.g. 'Error getting User. Code 500: ...'. */
function labelled(what: string) {
  return (error: unknown): never => {
    if (isApiError(error) && error.reason === 'http') {
      throw error.withMessage(`Error getting ${what}. ${describeStatus(error)}`);
    }
    throw error;
  };
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // blocked by privacy settings
  }
}

export function readCachedUser(): SignedInUserInfo | null {
  try {
    const text = storage()?.getItem(lastUserStorageKey);
    if (!text) return null;
    const parsed = z.safeParse(signedInUserInfoSchema, JSON.parse(text));
    return parsed.success && parsed.data.isSignedIn ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeCachedUser(user: SignedInUserInfo | null): void {
  try {
    if (user) storage()?.setItem(lastUserStorageKey, JSON.stringify(user));
    else storage()?.removeItem(lastUserStorageKey);
  } catch {
    // quota or privacy settings: the app still works online
  }
}

async function fetchCurrentUser(): Promise<CurrentUser> {
  // The antiforgery token is fetched before anything that may write.
  await callApi(antiforgeryTokenRoute).catch(labelled('AntiForgeryToken'));
  const info = await callApi(userInfoRoute).catch(labelled('User'));
  const user = info.isSignedIn ? z.parse(signedInUserInfoSchema, info) : null;
  // A view-as session (issue 17) is never cached: offline, the device's own user stands in.
  if (!user?.viewAs) writeCachedUser(user);
  return user;
}

/** The server's answer, or on a network failure (only) the cached signed-in user. */
async function resolveCurrentUser(): Promise<CurrentUser> {
  try {
    const user = await fetchCurrentUser();
    source = 'server';
    setActiveUser(user);
    // The server vouches for this user: whoever used the device before without signing out
    // (their session expired) loses their local data now. In the background; never the user's own.
    // A view-as session (issue 17) deletes nobody's database: the administrator's own stays for
    // their return, and the viewed user's data goes to a temporary one. Outside one, every view-as
    // database left behind (an expiry, a closed tab) goes.
    const warn = (error: unknown) => console.warn('Could not clear other users’ data', error);
    if (user?.viewAs) void deleteViewAsData(viewAsDatabaseName(user.userId)).catch(warn);
    else {
      void deleteViewAsData().catch(warn);
      if (user) void deleteOtherUsersData(user.userId).catch(warn);
    }
    return user;
  } catch (error) {
    const cached = isApiError(error) && error.isNetworkError ? readCachedUser() : null;
    if (!cached) throw error;
    source = 'offline-cache';
    setActiveUser(cached);
    return cached;
  }
}

/**
 * The signed-in user, or null when anonymous. Sign-in and sign-out are full page loads, so one
 * answer per page load is enough; concurrent loaders share the same request. Offline, the last
 * signed-in user of this device; HTTP errors (and a network failure with nothing cached) reject.
 */
export function loadCurrentUser(): Promise<CurrentUser> {
  pending ??= resolveCurrentUser().catch((error: unknown) => {
    pending = undefined; // let the next navigation try again
    throw error;
  });
  return pending;
}

/** Whether the current answer came from the server or, offline, from this device's cache. */
export function currentUserSource(): CurrentUserSource | undefined {
  return source;
}

/** Forgets the cached answer, e.g. after the session was extended or ended in the background. */
export function forgetCurrentUser(): void {
  pending = undefined;
}
