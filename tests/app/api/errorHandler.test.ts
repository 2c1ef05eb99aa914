import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, networkErrorMessage } from '../../../src/app/api/ApiError';
import { describeError, showErrorToast, toErrorDetails } from '../../../src/app/api/errorHandler';
import { toastStore } from '../../../src/app/ui/toast/toastStore';

const httpError = (status: number, statusText: string, message = `Code ${status}: ${statusText}`, errors = {}) =>
  new ApiError({ reason: 'http', status, statusText, message, errors });

beforeEach(() => toastStore.clear());

describe('error handler (SPEC §8)', () => {
  it('maps an API error to its message and field errors', () => {
    const error = httpError(400, 'Bad Request', 'Validation failed', { NetworkConnection: ['Not on eduroam'] });
    expect(toErrorDetails(error)).toEqual({ message: 'Validation failed', errors: { NetworkConnection: ['Not on eduroam'] } });
  });

  it('files network failures under the key "network"', () => {
    expect(toErrorDetails(ApiError.network(new TypeError('Failed to fetch')))).toEqual({
      message: networkErrorMessage,
      errors: { network: [networkErrorMessage] },
    });
  });

  it('maps anything else to a message with no field errors', () => {
    expect(toErrorDetails(new Error('Boom'))).toEqual({ message: 'Boom', errors: {} });
    expect(toErrorDetails('weird')).toEqual({ message: 'Something went wrong. Please try again.', errors: {} });
  });

  it('writes the SPEC texts: "Error getting X. Code s: t" and "Code s: t"', () => {
    const error = httpError(503, 'Service Unavailable', 'The server is busy');
    expect(describeError(error, { getting: 'Timetable' })).toBe('Error getting Timetable. Code 503: Service Unavailable');
    expect(describeError(error, { isStatusOnly: true })).toBe('Code 503: Service Unavailable');
    expect(describeError(error)).toBe('The server is busy');
    expect(describeError(error, { message: 'Error creating the iCal subscription.' })).toBe('Error creating the iCal subscription.');
    expect(describeError(ApiError.network(null), { getting: 'Timetable' })).toBe(networkErrorMessage);
  });

  it('shows a negative toast and returns the details, ignoring aborted requests', () => {
    const details = showErrorToast(httpError(500, 'Internal Server Error'), { getting: 'User Profile', timeout: 10_000 });
    expect(details?.message).toBe('Code 500: Internal Server Error');
    expect(toastStore.getSnapshot()).toMatchObject([
      { kind: 'negative', text: 'Error getting User Profile. Code 500: Internal Server Error', timeout: 10_000 },
    ]);
    expect(showErrorToast(new DOMException('The operation was aborted.', 'AbortError'))).toBeUndefined();
    expect(toastStore.getSnapshot()).toHaveLength(1);
  });
});
