import { createContext, useContext, useLayoutEffect } from 'react';

/** What a `LayoutHold` offers the content it holds: a count of the parts still loading. */
export interface HoldCounter {
  /** Counts one more part as loading; the returned function counts it as done. */
  readonly hold: () => () => void;
}

export const HoldContext = createContext<HoldCounter | undefined>(undefined);

/**
 * Tells the nearest `LayoutHold` that this part of its content is still loading (its data or its
 * code has not arrived), so the hold keeps showing its skeleton. Outside a hold it does nothing.
 */
export function useHoldLayout(isLoading: boolean): void {
  const counter = useContext(HoldContext);
  useLayoutEffect(() => {
    if (!counter || !isLoading) return undefined;
    return counter.hold();
  }, [counter, isLoading]);
}

/**
 * A resource's content is still to come: nothing is cached, no fetch has failed, and no check of
 * it has ended yet. Stricter than `isLoading`, which is briefly false between reading an empty
 * cache and starting the fetch (or before the user is known), when a hold must not give way; a
 * check that ended with nothing to show (an answer not stored, a failure before the request left)
 * ends the wait as a failure does.
 */
export function isAwaitingData(state: { readonly data: unknown; readonly error: unknown; readonly hasSettled?: boolean }): boolean {
  return state.data === undefined && state.error === undefined && state.hasSettled !== true;
}

/** `useHoldLayout` as an element, for a Suspense fallback or a page that loads its data itself. */
export function HoldLayoutWhile({ isLoading }: { readonly isLoading: boolean }): null {
  useHoldLayout(isLoading);
  return null;
}
