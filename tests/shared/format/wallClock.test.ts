import { describe, expect, it } from 'vitest';
import { wallClockIn } from '../../../src/shared/format/wallClock';

describe('wallClockIn', () => {
  it('reads the date and time of a zone at an instant, in summer and winter time', () => {
    expect(wallClockIn('Europe/London', Date.parse('2026-07-01T23:30:00Z'))).toMatchObject({ date: '2026-07-02', time: '00:30:00' });
    expect(wallClockIn('Europe/London', Date.parse('2026-12-01T23:30:00Z'))).toMatchObject({ date: '2026-12-01', time: '23:30:00' });
    expect(wallClockIn('Asia/Tokyo', Date.parse('2026-12-01T23:30:00Z'))).toMatchObject({ date: '2026-12-02', time: '08:30:00' });
  });

  it('gives the wall time as if it were UTC, so its difference from the instant is the offset', () => {
    const summer = Date.parse('2026-07-01T12:00:00Z');
    expect(wallClockIn('Europe/London', summer).wallAsUtcMs - summer).toBe(60 * 60_000);
    const winter = Date.parse('2026-12-01T12:00:00Z');
    expect(wallClockIn('Europe/London', winter).wallAsUtcMs - winter).toBe(0);
  });

  it('reads midnight as 00, not 24', () => {
    expect(wallClockIn('Europe/London', Date.parse('2026-12-01T00:00:00Z')).time).toBe('00:00:00');
  });
});
