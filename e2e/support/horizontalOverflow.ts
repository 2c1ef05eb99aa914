import type { Page } from '@playwright/test';

/**
 * What sticks out sideways on the current page, for the phone check (issue 20).
 *
 * The rule, precisely:
 * - the document never scrolls sideways: `document.documentElement.scrollWidth` is at most the
 *   layout viewport's width (`clientWidth`, which is `innerWidth` less any vertical scrollbar);
 * - no rendered element (it has a box, is not `visibility: hidden` and is neither 0 wide nor 0
 *   high) has a right edge past that width, unless its nearest ancestor that does not let content
 *   spill (`overflow-x` other than `visible`) is a sideways scroll container (`auto` or `scroll`)
 *   that itself ends inside the viewport and shows a visible cue: an element marked
 *   `data-scroll-cue`, in the container or beside it (a child of the container's parent), that is
 *   rendered and overlaps the container's box. Content clipped by `hidden` or `clip` without such
 *   a cue counts as sticking out: it is cut off where no one can scroll to it.
 * Only the outermost offender of a subtree is listed, with a short description of it.
 */
export interface HorizontalOverflow {
  readonly viewportWidth: number;
  readonly documentWidth: number;
  readonly offenders: readonly string[];
}

export async function findHorizontalOverflow(page: Page): Promise<HorizontalOverflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const viewportWidth = root.clientWidth;
    const tolerance = 0.5;
    const isRendered = (element: Element): boolean => {
      const rect = element.getBoundingClientRect();
      return element.getClientRects().length > 0 && rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const clippingAncestor = (element: Element): Element | undefined => {
      for (let node = element.parentElement; node && node !== document.body && node !== root; node = node.parentElement) {
        if (getComputedStyle(node).overflowX !== 'visible') return node;
      }
      return undefined;
    };
    const hasVisibleCue = (container: Element): boolean => {
      const box = container.getBoundingClientRect();
      const host = container.parentElement ?? container;
      return [...host.querySelectorAll('[data-scroll-cue]')].some((cue) => {
        if (!isRendered(cue)) return false;
        const rect = cue.getBoundingClientRect();
        return rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top;
      });
    };
    const describe = (element: Element): string => {
      const rect = element.getBoundingClientRect();
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList].map((name) => `.${name}`).join('');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${classes} [${Math.round(rect.left)}–${Math.round(rect.right)} px] “${text}”`;
    };
    const offenders: Element[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (!isRendered(element)) continue;
      if (element.getBoundingClientRect().right <= viewportWidth + tolerance) continue;
      if (offenders.some((offender) => offender.contains(element))) continue;
      const container = clippingAncestor(element);
      if (container) {
        const overflow = getComputedStyle(container).overflowX;
        const isScroller = overflow === 'auto' || overflow === 'scroll';
        if (isScroller && container.getBoundingClientRect().right <= viewportWidth + tolerance && hasVisibleCue(container)) continue;
      }
      offenders.push(element);
    }
    return { viewportWidth, documentWidth: root.scrollWidth, offenders: offenders.map(describe) };
  });
}
