import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/app/api/ApiError';
import { tutorErrorText, tutorFailureNotice } from '../../../../src/app/features/profile/tutorNotice';

const failure = (reason: 'http' | 'network' | 'invalid-response') =>
  new ApiError({ reason, status: reason === 'http' ? 500 : 0, statusText: '', message: 'failed' });

describe('a failed personal tutor fetch (SPEC §8)', () => {
  it('shows no message for an HTTP failure or no network', () => {
    expect(tutorFailureNotice(undefined)).toBeUndefined();
    expect(tutorFailureNotice(failure('http'))).toBeUndefined();
    expect(tutorFailureNotice(failure('network'))).toBeUndefined();
  });

  it('reports an answer that could not be read (an exception)', () => {
    expect(tutorFailureNotice(failure('invalid-response'))).toBe(tutorErrorText);
  });
});
