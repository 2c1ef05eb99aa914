import { useLayoutEffect, useRef } from 'react';
import { transitionDirection } from '../routing/transition';

const directionClasses = ['page-transition--left', 'page-transition--right'];

/**
 * On every change of page: slides the new page in (right when its menu order is lower than the
 * previous page's, otherwise left; styles/layout.css, off for reduced motion) and moves focus to
 * the main region, as a full page load would, so screen readers start at the new content.
 */
export function usePageTransition(pathname: string, order: number | undefined) {
  const mainRef = useRef<HTMLElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const previous = useRef<{ pathname: string; order: number | undefined } | undefined>(undefined);

  useLayoutEffect(() => {
    const last = previous.current;
    previous.current = { pathname, order };
    const page = pageRef.current;
    if (!last || last.pathname === pathname || !page) return;

    page.classList.remove(...directionClasses);
    void page.offsetWidth; // restart the animation even when the direction is unchanged
    page.classList.add(`page-transition--${transitionDirection(last.order, order)}`);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, order]);

  return { mainRef, pageRef };
}
