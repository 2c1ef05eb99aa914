import { persistentCookies } from '../../../shared/constants';
import { signOutRoute } from '../../../shared/contract/auth';
import { buildUrl } from '../../api/url';
import { getActiveUser } from '../../db/activeUser';
import { installDismissedKey } from '../install/installDismissal';
import { firstVisitKey } from '../install/firstVisitKey';
import { freezeScreen } from './screenFreeze';
import { runSignOutCleanups } from '../../state/signOutCleanup';

/** What sign-out clears on this device; the browser's own objects, or fakes in tests. */
export interface ClientState {
  readonly document: { cookie: string; readonly location?: { readonly pathname: string } | null };
  readonly sessionStorage: Pick<Storage, 'clear'>;
  readonly localStorage: Pick<Storage, 'length' | 'key' | 'removeItem'>;
}

export interface KeepOnSignOut {
  readonly cookies: readonly string[];
  readonly localStorageKeys: readonly string[];
}

/**
 * SPEC §3: AnalyticsConsent and app-platform survive sign-out. Of local storage only the install
 * banner's dismissal date and the device's first visit do: they belong to the device, not to the user.
 */
export const keptOnSignOut: KeepOnSignOut = { cookies: persistentCookies, localStorageKeys: [installDismissedKey, firstVisitKey] };

/** The sign-out endpoint; `entra=true` also signs out of the external identity provider (SPEC §7). */
export function signOutUrl(isEntra: boolean): string {
  return buildUrl(signOutRoute.path, undefined, isEntra ? { entra: 'true' } : undefined);
}

/** The names of the cookies script can see, in order, each once. */
export function cookieNames(cookieHeader: string): string[] {
  const names = cookieHeader
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => name !== '');
  return [...new Set(names)];
}

/** '/' and every prefix of the path, since a cookie only goes away with the path it was set for. */
function cookiePaths(pathname: string | undefined): string[] {
  const paths = new Set(['/']);
  let prefix = '';
  for (const segment of (pathname ?? '/').split('/').filter(Boolean)) {
    prefix += `/${segment}`;
    paths.add(prefix);
  }
  return [...paths];
}

function expireCookie(doc: ClientState['document'], name: string): void {
  for (const path of cookiePaths(doc.location?.pathname)) {
    doc.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=${path}`;
  }
}

/** Runs one clearing step; storage can throw (blocked by privacy settings), which must not stop sign-out. */
function attempt(what: string, step: () => void): void {
  try {
    step();
  } catch (error) {
    console.error(`Sign-out could not clear ${what}`, error);
  }
}

/**
 * Clears this device's session state (SPEC §4): all of session storage, and the local storage keys
 * and script-visible cookies that are not kept. HttpOnly cookies are the server's to clear.
 */
export function clearClientState(state: ClientState, keep: KeepOnSignOut = keptOnSignOut): void {
  attempt('session storage', () => state.sessionStorage.clear());
  attempt('local storage', () => {
    const keys: string[] = [];
    for (let index = 0; index < state.localStorage.length; index += 1) {
      const key = state.localStorage.key(index);
      if (key !== null && !keep.localStorageKeys.includes(key)) keys.push(key);
    }
    for (const key of keys) state.localStorage.removeItem(key);
  });
  attempt('cookies', () => {
    for (const name of cookieNames(state.document.cookie)) {
      if (!keep.cookies.includes(name)) expireCookie(state.document, name);
    }
  });
}

export interface SignOutOptions {
  /** Delete every user's database on this device, not only the signed-in user's. */
  readonly isEveryUsersData?: boolean;
}

/**
 * Everything sign-out does on this device before it leaves: keep the screen as it is (a frozen
 * copy), clear state, then run the cleanups.
 */
export async function signOutLocally(state: ClientState = window, { isEveryUsersData = false }: SignOutOptions = {}): Promise<void> {
  freezeScreen();
  // Signing out of a view (issue 17) signs the administrator out too: their own data on this device
  // goes as well, found while local storage still lists this device's databases.
  if (isEveryUsersData || getActiveUser()?.viewAs !== undefined) {
    const { deleteOtherUsersData } = await import('../../db/otherUsersData');
    await deleteOtherUsersData('').catch((error: unknown) => console.warn('Could not delete the administrator’s data', error));
  }
  clearClientState(state);
  await runSignOutCleanups();
}

type SignOutRequestHandler = (request: { readonly isEntra: boolean }) => void;

let requestHandler: SignOutRequestHandler | undefined;

/** The session controller takes sign-out requests, so they show 'Signing you out' and clean up. */
export function handleSignOutRequests(handler: SignOutRequestHandler): () => void {
  requestHandler = handler;
  return () => {
    if (requestHandler === handler) requestHandler = undefined;
  };
}

/**
 * Signs the user out from anywhere (e.g. a header button). Without a session controller on the
 * page it still clears this device before going to the sign-out endpoint.
 */
export function requestSignOut({ isEntra = false }: { readonly isEntra?: boolean } = {}): void {
  if (requestHandler) {
    requestHandler({ isEntra });
    return;
  }
  void signOutLocally().finally(() => window.location.assign(signOutUrl(isEntra)));
}

/**
 * This device's session was ended elsewhere (the server's X-Session-Revoked): "sign out of all
 * devices", or an administrator. Whatever this device keeps of anyone's data goes, then the
 * browser goes to the sign-out endpoint, which clears the session cookie and lands on /landing.
 */
export async function wipeRevokedDevice(state: ClientState = window): Promise<void> {
  await signOutLocally(state, { isEveryUsersData: true });
  window.location.assign(signOutUrl(false));
}
