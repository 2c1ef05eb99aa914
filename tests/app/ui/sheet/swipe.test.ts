import { describe, expect, it } from 'vitest';
import { ui } from '../../../../src/shared/constants';
import { sheetOffset, shouldCloseOnSwipe } from '../../../../src/app/ui/sheet/swipe';

describe('swipe to close (SPEC §5, §9: 35% of the height)', () => {
  it('uses the 35% constant', () => {
    expect(ui.swipeCloseThreshold).toBe(0.35);
  });

  it('closes at 35% of the height and beyond', () => {
    expect(shouldCloseOnSwipe(350, 1000)).toBe(true);
    expect(shouldCloseOnSwipe(245, 700)).toBe(true);
    expect(shouldCloseOnSwipe(600, 700)).toBe(true);
  });

  it('snaps back below 35%', () => {
    expect(shouldCloseOnSwipe(349, 1000)).toBe(false);
    expect(shouldCloseOnSwipe(244, 700)).toBe(false);
    expect(shouldCloseOnSwipe(0, 700)).toBe(false);
  });

  it('never closes on an upward drag or an unmeasured sheet', () => {
    expect(shouldCloseOnSwipe(-500, 700)).toBe(false);
    expect(shouldCloseOnSwipe(300, 0)).toBe(false);
    expect(shouldCloseOnSwipe(Number.NaN, 700)).toBe(false);
  });

  it('holds for any height: just below the threshold stays, at it closes', () => {
    for (let height = 1; height <= 2000; height += 7) {
      const threshold = height * 0.35;
      expect(shouldCloseOnSwipe(Math.ceil(threshold) + 0.01, height), `height ${height}`).toBe(true);
      expect(shouldCloseOnSwipe(threshold - 0.01, height), `height ${height}`).toBe(false);
    }
  });

  it('follows the pointer down only', () => {
    expect(sheetOffset(100, 180)).toBe(80);
    expect(sheetOffset(100, 40)).toBe(0);
  });
});
