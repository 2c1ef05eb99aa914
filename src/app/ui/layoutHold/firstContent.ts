import { createStore } from '../../state/createStore';

/**
 * When the signed-in page's first content is on screen (issue 35 §4). What the first paint does
 * not need (the session's machine and dialog, the status feed, the push subscription's machine,
 * the reachability check) waits for it, so that its chunks neither queue before the page's own on
 * a slow link nor run on the main thread while the page renders (decision 0072).
 *
 * The content counts as shown when every layout hold on the page (LayoutHold.tsx) has shown its
 * content, or when the signed-in layout has rendered a page that holds nothing. Once shown it
 * stays shown for the document: a later page or session has nothing to wait for.
 */
export const firstContentStore = createStore(false, { name: 'firstContent' });

let openHolds = 0;
let isLayoutRendered = false;
/** Counts resets (tests): a hold taken before one is not released after it. */
let generation = 0;

function showIfSettled(): void {
  if (isLayoutRendered && openHolds === 0) firstContentStore.set(true);
}

/**
 * A part of the page holds its first content back (a layout hold still waiting for its data); the
 * returned function releases it, once.
 */
export function holdFirstContent(): () => void {
  openHolds += 1;
  const takenIn = generation;
  let isReleased = false;
  return () => {
    if (isReleased || takenIn !== generation) return;
    isReleased = true;
    openHolds -= 1;
    // Decided after the effects of this flush: a hold released and taken again at once (React's
    // StrictMode re-running effects in development) is still open then.
    queueMicrotask(showIfSettled);
  };
}

/**
 * The signed-in layout has committed its first render, page included (called from its effect):
 * the page's holds, if any, have registered in their own effects, which run before the layout's.
 */
export function layoutRendered(): void {
  isLayoutRendered = true;
  showIfSettled();
}

/** Resolves once the first content has shown (at once if it has). */
export function whenFirstContentShown(): Promise<void> {
  if (firstContentStore.get()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = firstContentStore.subscribe((isShown) => {
      if (!isShown) return;
      unsubscribe();
      resolve();
    });
  });
}

/** For tests: a new document. */
export function resetFirstContent(): void {
  generation += 1;
  openHolds = 0;
  isLayoutRendered = false;
  firstContentStore.set(false);
}
