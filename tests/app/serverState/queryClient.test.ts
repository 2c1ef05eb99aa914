import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/app/api/ApiError';
import { shouldRetry } from '../../../src/app/serverState/queryClient';

describe('retries', () => {
  it('tries once more after no answer or a 5xx, never after a refusal', () => {
    const http = (status: number) => new ApiError({ reason: 'http', status, statusText: '', message: '' });
    expect(shouldRetry(0, ApiError.network(new TypeError('Failed to fetch')))).toBe(true);
    expect(shouldRetry(0, http(503))).toBe(true);
    expect(shouldRetry(1, http(503))).toBe(false);
    expect(shouldRetry(0, http(404))).toBe(false);
    expect(shouldRetry(0, new Error('boom'))).toBe(false);
  });
});
