import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { ScrollRestoration } from 'react-router';
import { EngagementBanners } from '../features/engagement/EngagementBanners';
import { useIsViewingAs } from '../features/viewAs/isViewingAs';
import { frozenScreenStore, registerFreezableScreen } from '../features/session/screenFreeze';
import { useStore } from '../state/useStore';
import { StartupGate } from '../startup/StartupGate';
import { firstContentStore, layoutRendered } from '../ui/layoutHold/firstContent';
import { Toaster } from '../ui/toast/Toaster';
import { AppShell } from './AppShell';

/**
 * The lazily loaded root of the signed-in area: start-up, the session dialog, toasts and the
 * shell. Nothing here (or below) is part of the entry chunk.
 */
// What the first paint does not need loads once the page's first content shows
// (ui/layoutHold/firstContent.ts), so it neither delays the page's chunks nor competes with its render:
// - the session's machine and dialog (XState, react-aria's modal): the dialog opens only near the
//   session's end, minutes later. The server keeps each session 30 s beyond its idle window, so the
//   client's expiry starting a moment later never outlives it;
// - the status feed (below).
const SessionController = lazy(() => import('../features/session/SessionController').then((m) => ({ default: m.SessionController })));

// The status feed (its machine, and the SignalR client it loads in turn) starts after the first content.
// An administrator's view-as banner (issue 17) loads only in a view-as session.
const ViewAsBanner = lazy(() => import('../features/viewAs/ViewAsBanner').then((m) => ({ default: m.ViewAsBanner })));

const StatusFeedController = lazy(() => import('../features/serviceStatus/StatusFeedController').then((m) => ({ default: m.StatusFeedController })));

export function SignedInLayout() {
  // While viewing as someone (issue 17) the session's side effects stay off: no first-run banners
  // or analytics, no session extension (the view-as session never slides; the banner ends it).
  const isViewing = useIsViewingAs();
  const screenRef = useRef<HTMLDivElement>(null);
  const frozenScreen = useStore(frozenScreenStore);
  useEffect(() => registerFreezableScreen(() => screenRef.current), []);
  // After the page's layout effects: a hold it renders has registered by now.
  useEffect(layoutRendered, []);
  const isContentShown = useStore(firstContentStore);
  return (
    <>
      {/* While signing out, an inert copy of the screen stands in for it (screenFreeze.ts). */}
      {frozenScreen ? (
        <FrozenScreen copy={frozenScreen} />
      ) : (
        <div ref={screenRef} style={{ display: 'contents' }}>
          <StartupGate>
            {isViewing && (
              <Suspense fallback={null}>
                <ViewAsBanner />
              </Suspense>
            )}
            <AppShell />
            {/*
              The first-run banners (consent, tour prompt, install) and analytics start-up are part of
              the first paint's chunk, not loaded after it: the feedback prompt, in home's held content,
              waits until they have all answered (engagementSlot); were their answers to come after the
              content shows, the prompt would appear above the widgets and push them down.
            */}
            {!isViewing && <EngagementBanners />}
          </StartupGate>
        </div>
      )}
      {isContentShown && (
        <Suspense fallback={null}>
          {!isViewing && <SessionController />}
          {/* Its negotiation is a POST, which a view refuses: the feed waits for the administrator's own session. */}
          {!isViewing && <StatusFeedController />}
        </Suspense>
      )}
      <Toaster />
      <ScrollRestoration />
    </>
  );
}

/** The screen as it was when sign-out began: a DOM copy, inert, that nothing re-renders. */
function FrozenScreen({ copy }: { readonly copy: Node }) {
  const attach = useCallback(
    (host: HTMLDivElement | null) => {
      host?.replaceChildren(copy);
    },
    [copy],
  );
  return <div ref={attach} inert style={{ display: 'contents' }} />;
}
