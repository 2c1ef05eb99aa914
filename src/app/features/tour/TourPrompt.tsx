import type { Role } from '../../../shared/contract/route';
import { useStore } from '../../state/useStore';
import { EngagementBanner } from '../engagement/EngagementBanner';
import { useBannerWish } from '../engagement/useBannerWish';
import { startTour } from './tourLauncher';
import { showTourPromptStore, writeShowTourPrompt } from './tourPromptCookie';

/** The first-run offer of the guided tour, while ShowTourPrompt is not false (SPEC §3). */
export function TourPrompt({ isShown, userRoles }: { readonly isShown: boolean; readonly userRoles: readonly Role[] }) {
  const wants = useStore(showTourPromptStore);
  useBannerWish('tour', wants);
  if (!isShown || !wants) return null;
  return (
    <EngagementBanner
      kind="tour"
      title="New here? Take a quick tour"
      actions={
        <>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              // Answered once the tour's first step is up: the slot then already sees the tour
              // open, so the next prompt does not show meanwhile.
              void startTour(userRoles).finally(() => writeShowTourPrompt(false));
            }}
          >
            Take the tour
          </button>
          <button type="button" className="button" onClick={() => writeShowTourPrompt(false)}>
            Not now
          </button>
        </>
      }
    >
      <p>A few steps show you where everything is. You can take the tour again at any time from Settings, About.</p>
    </EngagementBanner>
  );
}
