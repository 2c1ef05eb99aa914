import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCurrentUser, loadCurrentUser } from '../../../src/app/session/currentUser';
import { anonymousUserInfo, type SignedInUserInfo } from '../../../src/shared/contract/user';

const amara: SignedInUserInfo = {
  isSignedIn: true,
  isStaffSignedIn: false,
  isStudentSignedIn: true,
  userId: '1',
  userName: 'student',
  userDisplayName: 'Amara Okafor',
  userFirstName: 'Amara',
  userEmailAddress: 'student@campus.example.ac.uk',
  staffJobFamily: null,
  userRoles: ['Student'],
  userAdGroups: [],
  slidingExpiration: true,
  slidingExpirationMinutes: 60,
  sessionExpiration: '2030-01-01T10:00:00Z',
};

const fetchMock = vi.fn<typeof fetch>();

function respondWith(userInfo: unknown, tokenStatus = 200) {
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/antiforgerytoken') {
      return new Response(null, { status: tokenStatus, statusText: tokenStatus === 200 ? 'OK' : 'Service Unavailable' });
    }
    return new Response(JSON.stringify(userInfo), { status: 200 });
  });
}

beforeEach(() => {
  forgetCurrentUser();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadCurrentUser', () => {
  it('fetches the antiforgery token first, then the user info', async () => {
    respondWith(amara);
    await expect(loadCurrentUser()).resolves.toEqual(amara);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/antiforgerytoken', '/api/user/info']);
  });

  it('answers null for an anonymous visitor', async () => {
    respondWith(anonymousUserInfo);
    await expect(loadCurrentUser()).resolves.toBeNull();
  });

  it('shares one request between concurrent loaders', async () => {
    respondWith(amara);
    const [first, second] = await Promise.all([loadCurrentUser(), loadCurrentUser()]);
    expect(first).toBe(second);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('uses the SPEC §8 message when the token cannot be fetched, and retries next time', async () => {
    respondWith(amara, 503);
    await expect(loadCurrentUser()).rejects.toThrow('Error getting AntiForgeryToken. Code 503: Service Unavailable');

    respondWith(amara);
    await expect(loadCurrentUser()).resolves.toEqual(amara);
  });
});
