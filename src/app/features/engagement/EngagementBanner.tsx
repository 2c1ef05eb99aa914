import { useId, useRef, type ReactNode } from 'react';
import './engagement.css';
import { useClearPrimaryAction } from './useClearPrimaryAction';
import { useReservedBannerSpace } from './useReservedBannerSpace';

interface EngagementBannerProps {
  readonly title: string;
  readonly children: ReactNode;
  readonly actions: ReactNode;
  /** Names the banner for tests and styles: consent, tour or install. */
  readonly kind: string;
}

/**
 * The frame of a first-run banner: a labelled region at the bottom of the screen (above the phone
 * menu bar) that never blocks the page behind it: the page keeps its height free at the bottom,
 * and the page's primary action is scrolled clear of it.
 */
export function EngagementBanner({ title, children, actions, kind }: EngagementBannerProps) {
  const titleId = useId();
  const banner = useRef<HTMLElement>(null);
  useReservedBannerSpace(banner);
  useClearPrimaryAction(banner);
  return (
    <section ref={banner} className={`engagement-banner engagement-banner--${kind}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="engagement-banner__title">
        {title}
      </h2>
      <div className="engagement-banner__body">{children}</div>
      <div className="engagement-banner__actions">{actions}</div>
    </section>
  );
}
