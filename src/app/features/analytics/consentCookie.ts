import { cookies } from '../../../shared/constants';
import { readCookie } from '../../api/xsrf';
import { createStore } from '../../state/createStore';

export type ConsentAnswer = 'granted' | 'denied';

/** SPEC §3 AnalyticsConsent: granted or denied; anything else (or nothing) means not asked yet. */
export function readConsent(): ConsentAnswer | null {
  const value = readCookie(cookies.analyticsConsent);
  return value === 'granted' || value === 'denied' ? value : null;
}

/**
 * "No expiry" in SPEC §3: as long as a browser keeps a cookie (Chromium caps it at 400 days), so
 * the question is not asked again. It survives sign-out (persistentCookies).
 */
const keepSeconds = 400 * 24 * 60 * 60;

export function consentCookie(answer: ConsentAnswer, isHttps: boolean): string {
  return [`${cookies.analyticsConsent}=${answer}`, 'Path=/', `Max-Age=${keepSeconds}`, 'SameSite=Lax', ...(isHttps ? ['Secure'] : [])].join('; ');
}

/** The answer on this device; the banner and the Privacy settings follow it. */
export const consentStore = createStore<ConsentAnswer | null>(readConsent(), { name: 'analyticsConsent' });

export function writeConsent(answer: ConsentAnswer): void {
  document.cookie = consentCookie(answer, location.protocol === 'https:');
  consentStore.set(answer);
}
