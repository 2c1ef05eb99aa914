import { ui } from '../../../shared/constants';

/**
 * SPEC §5: a bottom sheet closes when dragged down at least 35% of its height (SPEC §9). An upward
 * drag, or a sheet with no height yet, never closes.
 */
export function shouldCloseOnSwipe(dragDistancePx: number, sheetHeightPx: number): boolean {
  if (!(sheetHeightPx > 0) || !(dragDistancePx > 0)) return false;
  return dragDistancePx / sheetHeightPx >= ui.swipeCloseThreshold;
}

/** How far the sheet follows the pointer: down only, never above where it rests. */
export function sheetOffset(startY: number, currentY: number): number {
  return Math.max(0, currentY - startY);
}
