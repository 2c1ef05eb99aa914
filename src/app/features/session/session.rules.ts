import { session } from '../../../shared/constants';
import type { SignedInUserInfo } from '../../../shared/contract/user';
import type { ApiActivity } from '../../api/apiActivity';

/** The parts of the signed-in user info (SPEC §3) that decide when the session ends. */
export type SessionTerms = Pick<
  SignedInUserInfo,
  'slidingExpiration' | 'slidingExpirationMinutes' | 'sessionExpiration'
>;

const msPerMinute = 60_000;

/** When the session ends, seen from `now`: sliding sessions run `slidingExpirationMinutes` from now. */
export function expiryFor(terms: SessionTerms, now: number): number {
  if (terms.slidingExpiration) return now + terms.slidingExpirationMinutes * msPerMinute;
  const fixed = Date.parse(terms.sessionExpiration);
  return Number.isNaN(fixed) ? now : fixed;
}

/** Whole seconds left, rounded up, never below 0: 299.2 s left shows as 5:00 → 4:59 a moment later. */
export function secondsLeftOf(remainingMs: number): number {
  return Math.max(0, Math.ceil(remainingMs / 1000));
}

/** Milliseconds until the shown second changes, so the countdown ticks on whole seconds. */
export function msUntilNextSecond(remainingMs: number): number {
  const fraction = remainingMs % 1000;
  return fraction > 0 ? fraction : 1000;
}

/**
 * Whether a response shows the user is still active: a successful same-host call other than
 * the status feed (SPEC §4, §7, §8: a non-ok answer is only logged and does not extend).
 */
export function isSessionExtendingActivity(activity: ApiActivity, origin: string): boolean {
  if (!activity.ok) return false;
  let url: URL;
  try {
    url = new URL(activity.url, origin);
  } catch {
    return false;
  }
  if (url.host !== new URL(origin).host) return false;
  return !url.pathname.toLowerCase().includes(session.extensionExcludedPath);
}
