import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { describeError } from '../../api/errorHandler';
import { toast } from '../../ui/toast/toastStore';
import { useSignedInUser } from '../session/useSignedInUser';
import { secondsUntil, viewAsBannerText } from './viewAsCountdown';
import { endExpiredViewAs, stopViewAs } from './viewAsSession';
import './viewAs.css';

/**
 * The banner of an administrator's view-as session (issue 17), on every page: who is viewed, that
 * it is read only, the time left, and **Stop viewing**. Pinned to the top of the viewport (it
 * cannot be closed or scrolled away); the header and side menu sit below it. At 0 the server has
 * ended the session, so the page loads the session anew.
 */
export function ViewAsBanner() {
  const user = useSignedInUser();
  const expiresAt = user.viewAs?.expiresAt ?? new Date(0).toISOString();
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(expiresAt, Date.now()));
  const [isStopping, setIsStopping] = useState(false);
  const bannerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const tick = () => setSecondsLeft(secondsUntil(expiresAt, Date.now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  const hasEnded = secondsLeft <= 0;
  useEffect(() => {
    if (hasEnded) void endExpiredViewAs();
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
