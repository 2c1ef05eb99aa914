import { useActiveUser } from '../../sync/useActiveUser';
import { readOnlyExplanation } from '../viewAs/isViewingAs';
import { denyConsent, grantConsent } from './analytics';
import { useConsent } from './consentCookie';

const answerText = {
  granted: 'You have allowed analytics on this device.',
  denied: 'You have refused analytics on this device.',
} as const;

/** The Privacy settings' analytics question: the current answer, and a way to change it. */
export function AnalyticsChoice() {
  // This user's answer: another user's answer on this device reads as not answered yet.
  const consent = useConsent();
  // Issue 17: this device's answer is not the viewed user's to change (and analytics stays off).
  const user = useActiveUser();
  const viewedName = user?.viewAs ? user.userDisplayName : undefined;
  return (
    <section aria-labelledby="privacy-analytics">
      <h2 id="privacy-analytics">Analytics</h2>
      <p>
        {consent ? answerText[consent] : 'You have not answered the analytics question yet.'} Allowing analytics lets
        the university see anonymous statistics about how the app is used. Refusing removes the analytics scripts and
        their cookies and reloads the page.
      </p>
      <div className="engagement-banner__actions engagement-banner__actions--equal">
        <button type="button" className="button" onClick={() => grantConsent()} disabled={consent === 'granted' || viewedName !== undefined}>
          Allow analytics
        </button>
        <button type="button" className="button" onClick={() => denyConsent()} disabled={consent === 'denied' || viewedName !== undefined}>
          Refuse analytics
        </button>
      </div>
      {viewedName !== undefined && <p className="muted">{readOnlyExplanation(viewedName)}.</p>}
    </section>
  );
}
