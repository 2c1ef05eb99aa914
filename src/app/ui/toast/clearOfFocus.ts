const gap = 8;

interface Band {
  readonly top: number;
  readonly bottom: number;
}

const overlaps = (a: Band, b: Band): boolean => a.top < b.bottom && b.top < a.bottom;

/**
 * Keeps the toasts off the focused control: when the band they take at the bottom of the screen
 * (SPEC §2; above the phone menu bar) would cover it (a sheet's text field, a button low on a
 * phone screen), they move to the top (`data-placement="top"`), unless that covers it too.
 * Checked now and as the focus moves or the window resizes or scrolls; returns the cleanup.
 */
export function keepClearOfFocus(element: HTMLElement): () => void {
  let bottomEdge: number | undefined;
  const place = () => {
    const box = element.getBoundingClientRect();
    if (element.dataset.placement !== 'top') bottomEdge = box.bottom;
    const edge = bottomEdge ?? box.bottom;
    const atBottom: Band = { top: edge - box.height - gap, bottom: edge + gap };
    const atTop: Band = { top: 0, bottom: box.height + 3 * gap };
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && active !== document.body && !element.contains(active) ? active.getBoundingClientRect() : undefined;
    const isCovered = box.height > 0 && focused !== undefined && focused.height > 0 && overlaps(atBottom, focused);
    if (isCovered && !overlaps(atTop, focused)) element.dataset.placement = 'top';
    else delete element.dataset.placement;
  };
  place();
  // The toasts show a frame after they are added (ToastItem): their height changes then.
  const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place);
  resizes?.observe(element);
  document.addEventListener('focusin', place);
  document.addEventListener('focusout', place);
  globalThis.addEventListener('resize', place);
  document.addEventListener('scroll', place, true);
  return () => {
    resizes?.disconnect();
    document.removeEventListener('focusin', place);
    document.removeEventListener('focusout', place);
    globalThis.removeEventListener('resize', place);
    document.removeEventListener('scroll', place, true);
  };
}
