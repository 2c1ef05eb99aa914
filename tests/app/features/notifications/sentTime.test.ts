import { describe, expect, it } from 'vitest';
import { sentTime } from '../../../../src/app/features/notifications/sentTime';

// Local times, so the expected 'DD/MM/YYYY HH:mm' holds in any time zone.
const now = new Date(2025, 4, 14, 10, 12).getTime();
const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

describe('sentTime', () => {
  it('always gives the exact DD/MM/YYYY HH:mm', () => {
    expect(sentTime(at(2025, 4, 14, 9, 5), now).exact).toBe('14/05/2025 09:05');
  });

  it('is friendly within the last week', () => {
    expect(sentTime(ago(0.5), now).friendly).toBe('just now');
    expect(sentTime(ago(1), now).friendly).toBe('1 minute ago');
    expect(sentTime(ago(59), now).friendly).toBe('59 minutes ago');
    expect(sentTime(ago(60), now).friendly).toBe('1 hour ago');
    expect(sentTime(ago(23 * 60 + 59), now).friendly).toBe('23 hours ago');
    expect(sentTime(at(2025, 4, 13, 8, 0), now).friendly).toBe('yesterday');
    expect(sentTime(at(2025, 4, 11, 22, 0), now).friendly).toBe('3 days ago');
    expect(sentTime(at(2025, 4, 8, 0, 0), now).friendly).toBe('6 days ago');
  });

  it('shows the exact time from a week back', () => {
    expect(sentTime(at(2025, 4, 7, 18, 30), now)).toEqual({ exact: '07/05/2025 18:30', friendly: '07/05/2025 18:30' });
  });

  it('treats a time slightly ahead of this device\'s clock as just now', () => {
    expect(sentTime(ago(-2), now).friendly).toBe('just now');
  });
});
