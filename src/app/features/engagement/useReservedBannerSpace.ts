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
    const reserve = () => root.style.setProperty(bannerSpaceProperty, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(bannerSpaceProperty);
    };
  }, [banner]);
}
