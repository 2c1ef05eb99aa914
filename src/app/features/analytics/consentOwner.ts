// Whose analytics answer this is (security item 7). Pure, so the e2e helpers can use it as well.

export type ConsentAnswer = 'granted' | 'denied';

/**
 * The analytics answer stored on this device, and whose it is. The answer is SPEC §3
 * AnalyticsConsent, granted or denied (anything else, or nothing, means not asked yet). Beside it
 * AnalyticsConsentUser holds the answering user's marker (`consentOwnerMarker`), so that one
 * user's yes never applies to the next user of the same browser (security item 7).
 */
export interface StoredConsent {
  readonly answer: ConsentAnswer | null;
  /** The marker of the user who answered; null when the answer is nobody's. */
  readonly owner: string | null;
}

/**
 * An opaque per-user marker: the 32-bit FNV-1a hash of the user name, in base 36. It tells one
 * user from another on this device without spelling out who used it last; it is no secret (anyone
 * holding a candidate user name can compute it), and it needs none: it only decides whether to
 * ask again. Synchronous, so the banner knows at its first render whether to show.
 */
export function consentOwnerMarker(userName: string): string {
  const fnvOffsetBasis = 0x811c9dc5;
  const fnvPrime = 0x01000193;
  let hash = fnvOffsetBasis;
  for (const byte of new TextEncoder().encode(`analytics-consent|${userName}`)) {
    hash = Math.imul(hash ^ byte, fnvPrime) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The answer that holds for this user: the stored one only when this user gave it; otherwise
 * null (unanswered), so the banner asks again and no analytics script loads until they answer.
 *
 * An answer with no owner is nobody's, and reads as unanswered for everyone. The app never
 * records an anonymous visitor's answer (the banner and the Privacy settings exist only in the
 * signed-in area), so an ownerless answer is one given before answers had owners, or one whose
 * owner cookie is gone; adopting it would hand some earlier user's yes to whoever signs in first.
 */
export function consentFor(stored: StoredConsent, userName: string | undefined): ConsentAnswer | null {
  if (stored.answer === null || stored.owner === null || userName === undefined) return null;
  return stored.owner === consentOwnerMarker(userName) ? stored.answer : null;
}
