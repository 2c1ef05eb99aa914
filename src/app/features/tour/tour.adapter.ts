import { driver, type DriveStep, type PopoverDOM, type Side } from 'driver.js';
import 'driver.js/dist/driver.css';
import type { TourStepOptions } from '../../routing/routeMeta';
import './tour.css';

function isShown(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/**
 * The element a step attaches to on this layout. Phones and wide screens place the menu
 * differently (settings sits in the bottom bar on a phone, in the header on a wide screen), so when
 * the step's own element is hidden, another one marked `data-tour-step="<id>"` that is shown
 * stands in. None: the step shows in the middle of the screen.
 */
export function stepElement(step: TourStepOptions, root: ParentNode = document): Element | undefined {
  const candidates = [...root.querySelectorAll(step.attachTo.element), ...root.querySelectorAll(`[data-tour-step="${CSS.escape(step.id)}"]`)];
  return candidates.find(isShown);
}

/** SPEC §3's `attachTo.on`, where driver.js calls it `side`; `auto` lets driver.js choose. */
function sideOf(step: TourStepOptions): Side | undefined {
  const on = step.attachTo.on;
  return on && on !== 'auto' ? on : undefined;
}

/** From the SPEC step shape `{ attachTo, id, text }` to driver.js's steps. */
export function toDriverSteps(steps: readonly TourStepOptions[], root: ParentNode = document): DriveStep[] {
  return steps.map((step) => {
    const side = sideOf(step);
    const element = stepElement(step, root);
    return {
      ...(element ? { element } : {}),
      popover: { title: step.title, description: step.text, ...(side ? { side } : {}), popoverClass: `tour-popover tour-popover--${step.id}` },
    };
  });
}

/**
 * driver.js titles a step's popover (its `role="dialog"`) with a `<header>` and ends it with a
 * `<footer>`: outside any section, those are a second banner and a contentinfo landmark beside the
 * app's own. The title becomes the dialog's heading, the footer a plain box.
 */
export function fixPopoverLandmarks(popover: Pick<PopoverDOM, 'title' | 'footer'>): void {
  const { title, footer } = popover;
  const heading = title.ownerDocument.createElement('h2');
  heading.id = title.id;
  heading.className = title.className;
  heading.style.cssText = title.style.cssText;
  heading.append(...title.childNodes);
  title.replaceWith(heading);
  footer.setAttribute('role', 'none');
}

/**
 * Runs the tour with driver.js: it traps focus in the step's popover, and the arrow keys, Enter on
 * its buttons and Escape work as well as the mouse. The first step's popover (a `role="dialog"`,
 * which the first-run prompts give way to: engagement/useModalWatch.ts) is on the page when this
 * returns.
 */
export function runTour(steps: readonly TourStepOptions[]): void {
  if (steps.length === 0) return;
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const tour = driver({
    steps: toDriverSteps(steps),
    showProgress: true,
    progressText: 'Step {{current}} of {{total}}',
    nextBtnText: 'Next',
    prevBtnText: 'Back',
    doneBtnText: 'Done',
    allowKeyboardControl: true,
    smoothScroll: true,
    onPopoverRender: fixPopoverLandmarks,
    onDestroyed: () => previousFocus?.focus(),
  });
  tour.drive();
}
