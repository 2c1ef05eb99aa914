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
 *
 * The check runs at most once a frame, in the frame's animation callbacks, and measures only when
 * an action not yet placed is on the page. Measuring on every change of the page instead forced a
 * layout after each of the first visit's many renders: 130 ms of a slow phone's start-up, all of
 * it before the timetable showed (bench/profileFirstVisit.ts).
 */
export function useClearPrimaryAction(banner: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = banner.current;
    if (!element) return undefined;
    let seen = new WeakSet<Element>();
    let frame: number | undefined;
    const clear = () => {
      frame = undefined;
      const actions = [...document.querySelectorAll(primaryActionSelector)].filter((action) => !seen.has(action));
      if (actions.length === 0) return;
      const box = element.getBoundingClientRect();
      for (const action of actions) {
        const rect = action.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue; // not laid out yet
        seen.add(action);
        if (overlaps(rect, box)) action.scrollIntoView({ block: 'nearest' });
      }
    };
    const schedule = () => {
      frame ??= requestAnimationFrame(clear);
    };
    const resized = new ResizeObserver(() => {
      seen = new WeakSet();
      schedule();
    });
    resized.observe(element);
    const added = new MutationObserver(schedule);
    added.observe(document.body, { childList: true, subtree: true });
    return () => {
      resized.disconnect();
      added.disconnect();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [banner]);
}
