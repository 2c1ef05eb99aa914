import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { describeError } from '../../api/errorHandler';
import { toast } from '../../ui/toast/toastStore';
import { useSignedInUser } from '../session/useSignedInUser';
import { serverNow, syncServerClock } from '../timetable/serverClock';
import { secondsUntil, viewAsBannerText } from './viewAsCountdown';
import { endExpiredViewAs, stopViewAs } from './viewAsSession';
import './viewAs.css';

/**
 * The banner of an administrator's view-as session (issue 17), on every page: who is viewed, that
 * it is read only, the time left, and **Stop viewing**. Pinned to the top of the viewport (it
 * cannot be closed or scrolled away); the header and side menu sit below it. At 0 (on the server's
 * clock) it stops the view, and the page loads the administrator's session anew.
 */
export function ViewAsBanner() {
  const user = useSignedInUser();
  const expiresAt = user.viewAs?.expiresAt ?? new Date(0).toISOString();
  // The server's clock, not the device's: a device clock ahead would end the view early (and the
  // reload would find it still running), one behind would keep it on screen after it ended.
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(expiresAt, serverNow()));
  const [isStopping, setIsStopping] = useState(false);
  const bannerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const tick = () => setSecondsLeft(secondsUntil(expiresAt, serverNow()));
    tick();
    void syncServerClock().then(tick);
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  const hasEnded = secondsLeft <= 0;
  useEffect(() => {
    // Stopping ends the view on the server whatever the clocks say (a lapsed one answers as the
    // administrator anyway), so the reload can never find the view still running and loop.
    if (hasEnded) void stopViewAs().catch(() => endExpiredViewAs());
  }, [hasEnded]);

  // The header and menu stick below the banner, however many lines it wraps to.
  useLayoutEffect(() => {
    const banner = bannerRef.current;
    if (!banner) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--view-as-height', `${banner.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--view-as-height');
    };
  }, []);

  if (!user.viewAs) return null;

  const stop = () => {
    setIsStopping(true);
    stopViewAs().catch((error: unknown) => {
      setIsStopping(false);
      toast.negative(describeError(error));
    });
  };

  return (
    <section ref={bannerRef} className="view-as-banner" aria-label="View as" data-testid="view-as-banner">
      <p className="view-as-banner__text">{viewAsBannerText(user.userDisplayName, secondsLeft)}</p>
      <Button className="button view-as-banner__stop" onPress={stop} isDisabled={isStopping}>
        Stop viewing
      </Button>
    </section>
  );
}
