import { describe, expect, it } from 'vitest';
import { countdownAnnouncement, formatCountdown } from '../../../../src/app/features/session/countdown';

describe('formatCountdown', () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [61, '1:01'],
    [9, '0:09'],
    [0, '0:00'],
    [-3, '0:00'],
  ])('shows %i s as %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

describe('countdownAnnouncement', () => {
  it('changes only at whole minutes, 30 s and 10 s', () => {
    const texts = new Set<string>();
    for (let seconds = 300; seconds >= 1; seconds -= 1) texts.add(countdownAnnouncement(seconds));
    expect([...texts]).toEqual([
      'Your session will end in 5 minutes.',
      'Your session will end in 4 minutes.',
      'Your session will end in 3 minutes.',
      'Your session will end in 2 minutes.',
      'Your session will end in 1 minute.',
      'Your session will end in 30 seconds.',
      'Your session will end in 10 seconds.',
    ]);
  });

  it('switches at the step itself', () => {
    expect(countdownAnnouncement(241)).toBe('Your session will end in 5 minutes.');
    expect(countdownAnnouncement(240)).toBe('Your session will end in 4 minutes.');
    expect(countdownAnnouncement(31)).toBe('Your session will end in 1 minute.');
    expect(countdownAnnouncement(30)).toBe('Your session will end in 30 seconds.');
  });
});
