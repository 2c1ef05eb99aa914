import { Link } from 'react-router';
import { paths } from '../../routing/paths';
import { EngagementBanner } from '../engagement/EngagementBanner';
import { useBannerWish } from '../engagement/useBannerWish';
import { denyConsent, grantConsent } from './analytics';
import { useConsent } from './consentCookie';

/**
 * SPEC §2 cookie banner: shown while AnalyticsConsent holds neither granted nor denied, or holds
 * another user's answer (security item 7: each user of a browser answers for themselves). Accept
 * and Reject carry equal weight (same look, same size, side by side).
 */
export function ConsentBanner({ isShown }: { readonly isShown: boolean }) {
  const consent = useConsent();
  useBannerWish('consent', consent === null);
  if (!isShown || consent !== null) return null;
  return (
    <EngagementBanner
      kind="consent"
      title="Can we measure how the app is used?"
      actions={
        <div className="engagement-banner__actions engagement-banner__actions--equal">
          <button type="button" className="button" onClick={() => grantConsent()}>
            Accept
          </button>
          <button type="button" className="button" onClick={() => denyConsent()}>
            Reject
          </button>
        </div>
      }
    >
      <p>
        With your permission we collect anonymous statistics about which parts of Campus Companion are used, so that we
        can improve it. You can change your answer at any time in <Link to={paths.settingsPrivacy}>Privacy</Link>.
      </p>
    </EngagementBanner>
  );
}
