import { lazy, Suspense, useState } from 'react';
import { useStore } from '../../state/useStore';
import { EngagementBanner } from '../engagement/EngagementBanner';
import { useBannerWish } from '../engagement/useBannerWish';
import { isInstallDismissed, rememberInstallDismissal } from './installDismissal';
import { installGuideKind, isNativeApp, isStandalone } from './installEnvironment';
import { installPromptStore, isInstalledStore } from './installPrompt';
import { isLaterVisit } from './installVisits';

// The illustrated steps load only when someone asks for them.
const InstallGuide = lazy(() => import('./InstallGuide'));

function shouldOffer(): boolean {
  // Every app start counts its visit, so the check comes first.
  return isLaterVisit() && !isStandalone() && !isNativeApp() && !isInstallDismissed(Date.now());
}

/**
 * SPEC §2 install banner: not when the app already runs installed (standalone) or inside the native
 * app (app-platform), nor on the first visit (issue 34 §2: a later one). Chromium gets an Install
 * button (its deferred `beforeinstallprompt`); other browsers get short Add to Home Screen steps for
 * that browser. 'Not now' keeps it away 30 days.
 */
export function InstallBanner({ isShown }: { readonly isShown: boolean }) {
  const [isOffered, setIsOffered] = useState(shouldOffer);
  const [isGuideOpen, setIsGuideOpen] = useState(false);
  const prompt = useStore(installPromptStore);
  const isInstalled = useStore(isInstalledStore);
  const wants = isOffered && !isInstalled;
  useBannerWish('install', wants);
  if (!isShown || !wants) return null;

  const dismiss = () => {
    rememberInstallDismissal(Date.now());
    setIsOffered(false);
  };
  const install = async () => {
    if (!prompt) return;
    installPromptStore.set(null); // a deferred prompt can be used once
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    if (outcome === 'accepted') isInstalledStore.set(true);
    else dismiss();
  };

  return (
    <EngagementBanner
      kind="install"
      title="Install Campus Companion"
      actions={
        <>
          {prompt ? (
            <button type="button" className="button button--primary" onClick={() => void install()}>
              Install
            </button>
          ) : (
            !isGuideOpen && (
              <button type="button" className="button button--primary" onClick={() => setIsGuideOpen(true)}>
                Show me how
              </button>
            )
          )}
          <button type="button" className="button" onClick={dismiss}>
            Not now
          </button>
        </>
      }
    >
      <p>Add the app to your home screen: it opens faster, works without a signal and can send you notifications.</p>
      {isGuideOpen && !prompt && (
        <Suspense fallback={<p>Loading the steps…</p>}>
          <InstallGuide kind={installGuideKind(navigator.userAgent, navigator.maxTouchPoints)} />
        </Suspense>
      )}
    </EngagementBanner>
  );
}
