/** Which way the new page slides in (SPEC §2 "Page transitions"). */
export type TransitionDirection = 'left' | 'right';

/**
 * Right when the new page's menu order is lower than the old one's, otherwise left. A page
 * without an order (profile, notifications) counts as coming after every menu entry.
 */
export function transitionDirection(fromOrder: number | undefined, toOrder: number | undefined): TransitionDirection {
  const from = fromOrder ?? Number.POSITIVE_INFINITY;
  const to = toOrder ?? Number.POSITIVE_INFINITY;
  return to < from ? 'right' : 'left';
}
