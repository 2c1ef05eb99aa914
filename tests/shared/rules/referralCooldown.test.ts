import { describe, expect, it } from 'vitest';
import { nextReferralDay, referralCooldownText } from '../../../src/shared/rules/referralCooldown';

describe('nextReferralDay (30 days, SPEC §9)', () => {
  it('is the first whole London day after 30 days have passed', () => {
    expect(nextReferralDay('2026-11-13T15:00:00+00:00')).toBe('2026-12-14');
  });

  it('is that day itself when the 30 days end at midnight', () => {
    expect(nextReferralDay('2026-11-14T00:00:00+00:00')).toBe('2026-12-14');
  });

  it('counts 30 times 24 hours across the change from summer time, as the server does', () => {
    // 08:55 BST + 720 h = 07:55 GMT on 29 October: blocked until then, so from 30 October.
    expect(nextReferralDay('2026-09-29T08:55:00+01:00')).toBe('2026-10-30');
    // 23:30 BST + 720 h = 22:30 GMT on 29 October.
    expect(nextReferralDay('2026-09-29T23:30:00+01:00')).toBe('2026-10-30');
  });
});

describe('referralCooldownText', () => {
  it('says when, as the issue words it', () => {
    expect(referralCooldownText('2026-11-13T15:00:00+00:00', Date.parse('2026-11-20T10:00:00Z'))).toBe('You can send another request from 14 December.');
  });

  it('names the year when the day falls in the next one', () => {
    expect(referralCooldownText('2026-12-10T09:00:00+00:00', Date.parse('2026-12-20T10:00:00Z'))).toBe('You can send another request from 10 January 2027.');
  });
});
