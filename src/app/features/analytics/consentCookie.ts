import { cookies } from '../../../shared/constants';
import { readCookie } from '../../api/xsrf';
import { getActiveUser } from '../../db/activeUser';
import { createStore } from '../../state/createStore';
import { useStore } from '../../state/useStore';
import { useActiveUser } from '../../sync/useActiveUser';
import { consentFor, consentOwnerMarker, type ConsentAnswer, type StoredConsent } from './consentOwner';

export type { ConsentAnswer, StoredConsent } from './consentOwner';

/** AnalyticsConsent (SPEC §3) and AnalyticsConsentUser, whose answer it is (consentOwner.ts). */
export function readStoredConsent(): StoredConsent {
  const value = readCookie(cookies.analyticsConsent);
  const owner = readCookie(cookies.analyticsConsentUser);
  return { answer: value === 'granted' || value === 'denied' ? value : null, owner: owner ? owner : null };
}

/**
 * "No expiry" in SPEC §3: as long as a browser keeps a cookie (Chromium caps it at 400 days), so
 * the question is not asked again. Both cookies survive sign-out (persistentCookies): the next
 * user is asked again because the owner differs, not because the answer is gone.
 */
const keepSeconds = 400 * 24 * 60 * 60;

function persistentCookie(name: string, value: string, isHttps: boolean): string {
  return [`${name}=${value}`, 'Path=/', `Max-Age=${keepSeconds}`, 'SameSite=Lax', ...(isHttps ? ['Secure'] : [])].join('; ');
}

export function consentCookie(answer: ConsentAnswer, isHttps: boolean): string {
  return persistentCookie(cookies.analyticsConsent, answer, isHttps);
}

export function consentOwnerCookie(marker: string, isHttps: boolean): string {
  return persistentCookie(cookies.analyticsConsentUser, marker, isHttps);
}

/** The answer on this device and its owner; read through `useConsent` (or `consentFor`). */
export const consentStore = createStore<StoredConsent>(readStoredConsent(), {
  name: 'analyticsConsent',
  equals: (a, b) => a.answer === b.answer && a.owner === b.owner,
});

/** The answer that holds for the user whose data is shown; the banner and the Privacy settings follow it. */
export function useConsent(): ConsentAnswer | null {
  const stored = useStore(consentStore);
  const user = useActiveUser();
  return consentFor(stored, user?.userName);
}

/** Stores `answer` as the given user's (by default the active user's). */
export function writeConsent(answer: ConsentAnswer, userName: string | undefined = getActiveUser()?.userName): void {
  const isHttps = location.protocol === 'https:';
  // No user (never the case behind the banner's buttons): the answer is stored as nobody's.
  const owner = userName === undefined ? null : consentOwnerMarker(userName);
  document.cookie = consentCookie(answer, isHttps);
  document.cookie = owner === null ? `${cookies.analyticsConsentUser}=; Path=/; Max-Age=0` : consentOwnerCookie(owner, isHttps);
  consentStore.set({ answer, owner });
}
