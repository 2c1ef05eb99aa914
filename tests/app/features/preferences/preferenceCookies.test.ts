import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  preferenceCookie,
  readPreferenceCookies,
  saveAppPreferencesCookie,
  saveUserApiPreferencesCookie,
} from '../../../../src/app/features/preferences/preferenceCookies';
import { fakeDocument } from './fakeDocument';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preference cookies (SPEC §3)', () => {
  it('are JSON on path /, SameSite=Lax, and Secure on https', () => {
    expect(preferenceCookie('UserApiPreferences', { theme: 'Dark' }, true)).toBe(
      'UserApiPreferences=%7B%22theme%22%3A%22Dark%22%7D; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    );
    expect(preferenceCookie('UserAppPreferences', { isCategoryView: false }, false)).not.toContain('Secure');
  });

  it('round-trip through document.cookie', () => {
    const doc = fakeDocument();
    vi.stubGlobal('document', doc);
    saveUserApiPreferencesCookie({ theme: 'Dark', border: 'Square', font: '' });
    saveAppPreferencesCookie({ isCategoryView: false });
    expect(readPreferenceCookies()).toEqual({
      userApi: { theme: 'Dark', border: 'Square', font: '' },
      app: { isCategoryView: false },
    });
  });

  it('read as nothing when absent or malformed', () => {
    vi.stubGlobal('document', fakeDocument({ UserAppPreferences: '%7B' }));
    expect(readPreferenceCookies()).toEqual({});
  });
});
