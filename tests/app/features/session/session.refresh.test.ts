import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshSessionTerms } from '../../../../src/app/features/session/session.refresh';
import { onApiActivity } from '../../../../src/app/api/apiActivity';
import { anonymousUserInfo } from '../../../../src/shared/contract/user';
import { amara as amaraUser } from '../../support/session';

const amara = amaraUser({ slidingExpirationMinutes: 6, sessionExpiration: '2030-01-01T10:06:00.000Z' });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refreshSessionTerms', () => {
  it('refetches the user info and returns the session terms', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(amara), { status: 200 }));
    await expect(refreshSessionTerms()).resolves.toEqual({
      slidingExpiration: true,
      slidingExpirationMinutes: 6,
      sessionExpiration: '2030-01-01T10:06:00.000Z',
    });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/user/info');
  });

  it('returns null when the server no longer knows the session', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(anonymousUserInfo), { status: 200 }));
    await expect(refreshSessionTerms()).resolves.toBeNull();
  });

  it("fails with the SPEC §8 'Error getting User' message", async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(refreshSessionTerms()).rejects.toThrow('Error getting User. Code 503: Service Unavailable');
  });

  it('reports the response as API activity, through the API client', async () => {
    const seen = vi.fn();
    const stop = onApiActivity(seen);
    fetchMock.mockResolvedValue(new Response(JSON.stringify(amara), { status: 200 }));
    await refreshSessionTerms();
    stop();
    expect(seen).toHaveBeenCalledWith({ url: '/api/user/info', ok: true, status: 200 });
  });
});
