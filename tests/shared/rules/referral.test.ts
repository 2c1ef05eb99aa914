import { describe, expect, it } from 'vitest';
import { normaliseReferralNotes, referralMessages, validateReferralNotes } from '../../../src/shared/rules/referral';

describe('referral rules', () => {
  it.each([
    ['', 'Text is required'],
    ['   ', 'Text is required'],
    ['\n\t \n', 'Text is required'],
    ['I am struggling with my workload', undefined],
    ['  x  ', undefined],
  ])('validates %j', (notes, expected) => {
    expect(validateReferralNotes(notes)).toBe(expected);
  });

  it('trims the notes before sending', () => {
    expect(normaliseReferralNotes('\n  I would like to talk to someone.  \n')).toBe('I would like to talk to someone.');
  });

  it('carries the SPEC §8 texts word for word', () => {
    expect(referralMessages.recentlyReferred).toBe(
      'You have recently been referred to Student Support. Please wait before submitting another.',
    );
    expect(referralMessages.unableToCheck).toBe('Unable to check latest referral.');
    expect(referralMessages.errorFetchingLatest).toBe('Error fetching latest referral status.');
  });
});
