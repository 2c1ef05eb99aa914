import { ConsentBanner } from '../analytics/ConsentBanner';
import { useAnalytics } from '../analytics/useAnalytics';
import { InstallBanner } from '../install/InstallBanner';
import { useSignedInUser } from '../session/useSignedInUser';
import { TourPrompt } from '../tour/TourPrompt';
import { useGrantedBanner } from './engagementSlot';
import { useModalWatch } from './useModalWatch';

/**
 * The first-run banners of the signed-in area. Each says whether it wants to show; the slot lets
 * one show at a time: consent, then the tour prompt, then the install banner, and none while a
 * dialog or the tour is open. Analytics starts here too, on every page load with consent granted.
 */
export function EngagementBanners() {
  const user = useSignedInUser();
  const granted = useGrantedBanner();
  useModalWatch();
  useAnalytics();
  return (
    <>
      <ConsentBanner isShown={granted === 'consent'} />
      <TourPrompt isShown={granted === 'tour'} userRoles={user.userRoles} />
      <InstallBanner isShown={granted === 'install'} />
    </>
  );
}
