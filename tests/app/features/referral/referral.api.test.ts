import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/app/api/ApiError';
import { describeCooldownFailure } from '../../../../src/app/features/referral/referral.api';

describe('describeCooldownFailure', () => {
  it('names an HTTP failure as unable to check', () => {
    const error = new ApiError({ reason: 'http', status: 500, statusText: 'Internal Server Error', message: 'Boom', errors: {} });
    expect(describeCooldownFailure(error)).toBe('Unable to check latest referral.');
  });

  it('names a network failure or anything else as an error fetching the status', () => {
    expect(describeCooldownFailure(ApiError.network(new TypeError('Failed to fetch')))).toBe('Error fetching latest referral status.');
    expect(describeCooldownFailure(new Error('unexpected'))).toBe('Error fetching latest referral status.');
  });
});
