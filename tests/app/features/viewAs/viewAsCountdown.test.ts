import { describe, expect, it } from 'vitest';
import { formatViewAsCountdown, secondsUntil, viewAsBannerText } from '../../../../src/app/features/viewAs/viewAsCountdown';

describe('the view-as banner countdown', () => {
  it('shows mm:ss with two digits each, never below 00:00', () => {
    expect(formatViewAsCountdown(30 * 60)).toBe('30:00');
    expect(formatViewAsCountdown(29 * 60 + 59)).toBe('29:59');
    expect(formatViewAsCountdown(245)).toBe('04:05');
    expect(formatViewAsCountdown(9.7)).toBe('00:09');
    expect(formatViewAsCountdown(0)).toBe('00:00');
    expect(formatViewAsCountdown(-12)).toBe('00:00');
  });

  it('counts whole seconds up to the expiry, rounded up, and 0 once past or unreadable', () => {
    const now = Date.parse('2026-11-24T10:00:00.000Z');
    expect(secondsUntil('2026-11-24T10:30:00.000Z', now)).toBe(1800);
    expect(secondsUntil('2026-11-24T10:00:00.400Z', now)).toBe(1);
    expect(secondsUntil('2026-11-24T09:59:00.000Z', now)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
  });

  it('words the banner as the issue gives it, em dashes included', () => {
    expect(viewAsBannerText('Amara Okafor', 1799)).toBe('Viewing as Amara Okafor — read only — 29:59 left');
  });
});
