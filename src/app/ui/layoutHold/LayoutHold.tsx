import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { holdFirstContent } from './firstContent';
import { HoldContext } from './holdContext';
import './layoutHold.css';

/**
 * The longest a skeleton stays, in case a part never reports that it is done (a bug, not a slow
 * network: a failed fetch or chunk counts as done). The content then shows as it is.
 */
const maxHoldMs = 15_000;

/**
 * Keeps content whose size depends on late data out of the layout until all of it has arrived,
 * showing `skeleton` in its place meanwhile, then swaps the one for the other in a single frame.
 * The content is mounted from the start (its code and data load as usual) inside a
 * `display: none` wrapper; each part still loading says so with `useHoldLayout` or
 * `HoldLayoutWhile`. Nothing the user already sees is pushed as the data lands: the skeleton goes
 * as a whole and the content appears as a whole (new boxes, which are not layout shifts), instead
 * of each list growing and moving everything under it. Once shown, the content stays shown: later
 * refreshes update it in place. Nothing may follow a hold on its page unless it is held too.
 */
export function LayoutHold({ skeleton, children }: { readonly skeleton: ReactNode; readonly children: ReactNode }) {
  // Why the content shows: every part arrived, or the cap ran out (a part that never reported).
  const [shown, setShown] = useState<'waiting' | 'ready' | 'cap'>('waiting');
  const isShown = shown !== 'waiting';
  const count = useRef(0);
  const frame = useRef<number | undefined>(undefined);
  const counter = useMemo(() => {
    // Decided a frame after the count reaches 0, and only if it still is: one part finishing
    // while the next starts (a chunk's fallback giving way to its loading state) is not the end.
    const check = () => {
      if (frame.current !== undefined || count.current > 0) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = undefined;
        if (count.current === 0) setShown((current) => (current === 'waiting' ? 'ready' : current));
      });
    };
    const hold = () => {
      count.current += 1;
      let isDone = false;
      return () => {
        if (isDone) return;
        isDone = true;
        count.current -= 1;
        check();
      };
    };
    return { hold, check };
  }, []);

  // What waits for the page's first content (firstContent.ts) waits for this hold too. A passive
  // effect: released after the frame that shows the content has been painted, not before it.
  useEffect(() => (isShown ? undefined : holdFirstContent()), [isShown]);

  useLayoutEffect(() => {
    if (isShown) return undefined;
    // The content's parts have reported in their own layout effects, which run before this one.
    counter.check();
    const timer = window.setTimeout(() => setShown('cap'), maxHoldMs);
    return () => {
      window.clearTimeout(timer);
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
      frame.current = undefined;
    };
  }, [counter, isShown]);

  return (
    <>
      {!isShown && skeleton}
      <div className="layout-hold" hidden={!isShown} data-hold={shown}>
        <HoldContext.Provider value={isShown ? undefined : counter}>{children}</HoldContext.Provider>
      </div>
    </>
  );
}
