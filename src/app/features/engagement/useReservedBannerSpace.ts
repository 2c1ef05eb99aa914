import { type RefObject, useEffect } from 'react';

/** The CSS variable layout.css adds to the page's bottom padding and scroll padding. */
export const bannerSpaceProperty = '--engagement-banner-space';

/**
 * While a first-run banner shows, the page reserves its height at the bottom: the last content can
 * scroll out from under it, and a control that gets keyboard focus is scrolled clear of it (the
 * banner floats, so it never pushes content down).
 */
export function useReservedBannerSpace(banner: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = banner.current;
    if (!element) return undefined;
    const root = document.documentElement;
    // The observer reports the banner's first size after the layout that places it, and every
    // change after: no measuring here, which would force a layout of the page still being built.
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height;
      root.style.setProperty(bannerSpaceProperty, `${Math.ceil(height)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(bannerSpaceProperty);
    };
  }, [banner]);
}
