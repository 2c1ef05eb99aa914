import { type RefObject, useEffect } from 'react';

/** Marks a page's primary action (the Register attendance button, say): no prompt may cover it. */
export const primaryActionSelector = '[data-primary-action]';

const overlaps = (a: DOMRect, b: DOMRect): boolean => a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/**
 * Issue 34 §2: a first-run banner never covers the page's primary action. It floats above the page
 * (and the phone menu bar), whose bottom is padded by its height (useReservedBannerSpace), so the
 * page can always scroll a control clear of it: when the banner appears or changes size, and when a
 * primary action appears (a page opened, a class's window opened), an action it covers is scrolled
 * just clear (the root's scroll padding includes the banner). An action is moved once per
 * appearance, so the page never fights the user's own scrolling.
 */
export function useClearPrimaryAction(banner: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = banner.current;
    if (!element) return undefined;
    let seen = new WeakSet<Element>();
    const clear = () => {
      const box = element.getBoundingClientRect();
      for (const action of document.querySelectorAll(primaryActionSelector)) {
        if (seen.has(action)) continue;
        const rect = action.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue; // not laid out yet
        seen.add(action);
        if (overlaps(rect, box)) action.scrollIntoView({ block: 'nearest' });
      }
    };
    const resized = new ResizeObserver(() => {
      seen = new WeakSet();
      clear();
    });
    resized.observe(element);
    const added = new MutationObserver(clear);
    added.observe(document.body, { childList: true, subtree: true });
    return () => {
      resized.disconnect();
      added.disconnect();
    };
  }, [banner]);
}
