import type { Page } from '@playwright/test';

/**
 * What sticks out sideways on the current page, for the phone check (issue 20).
 *
 * The rule, precisely:
 * - the document never scrolls sideways: `document.documentElement.scrollWidth` is at most the
 *   layout viewport's width (`clientWidth`, which is `innerWidth` less any vertical scrollbar);
 * - no shown element has a right edge past that width. An element is shown when the browser
 *   draws it (`checkVisibility`: not `display: none`, `visibility: hidden` or inside a closed
 *   `<details>`), its box is neither 0 wide nor 0 high, and the ancestors that clip it (an
 *   `overflow-x` other than `visible`, or a `clip` of nothing, as `.visually-hidden` does) leave
 *   some of it to see;
 * - the one exception: its nearest clipping ancestor is a sideways scroll container
 *   (`overflow-x: auto` or `scroll`) that itself ends inside the viewport and shows a visible
 *   cue, an element marked `data-scroll-cue`, in the container or beside it (under the
 *   container's parent), that is shown and overlaps the container's box. Content that `hidden`
 *   or `clip` cuts off at the edge counts as sticking out: no one can scroll to it.
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
    const clipsToNothing = (style: CSSStyleDeclaration) => /^rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)$/.test(style.clip);
    const clippingAncestors = (element: Element): Element[] => {
      const found: Element[] = [];
      for (let node = element.parentElement; node && node !== document.body && node !== root; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX !== 'visible' || clipsToNothing(style)) found.push(node);
      }
      return found;
    };
    /** Some of the element is left to see once its clipping ancestors have cut it. */
    const isLeftToSee = (element: Element): boolean => {
      if (clipsToNothing(getComputedStyle(element))) return false;
      const rect = element.getBoundingClientRect();
      let { left, right, top, bottom } = rect;
      for (const ancestor of clippingAncestors(element)) {
        if (clipsToNothing(getComputedStyle(ancestor))) return false;
        const box = ancestor.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
        top = Math.max(top, box.top);
        bottom = Math.min(bottom, box.bottom);
        if (right - left < 1 || bottom - top < 1) return false;
      }
      return true;
    };
    const isShown = (element: Element): boolean => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && element.checkVisibility({ visibilityProperty: true }) && isLeftToSee(element);
    };
    const hasVisibleCue = (container: Element): boolean => {
      const box = container.getBoundingClientRect();
      const host = container.parentElement ?? container;
      return [...host.querySelectorAll('[data-scroll-cue]')].some((cue) => {
        if (!isShown(cue)) return false;
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
      if (element.getBoundingClientRect().right <= viewportWidth + tolerance) continue;
      if (offenders.some((offender) => offender.contains(element))) continue;
      if (!isShown(element)) continue;
      const container = clippingAncestors(element)[0];
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
