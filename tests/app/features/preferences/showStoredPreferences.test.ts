import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../../src/app/db/activeUser';
import { readPreferenceCookies } from '../../../../src/app/features/preferences/preferenceCookies';
import { showStoredAppPreferences, showStoredUserApiPreferences } from '../../../../src/app/features/preferences/showStoredPreferences';
import { makeUser } from '../../sync/support/fixtures';
import { fakeDocument } from './fakeDocument';

// The look a page paints first comes from the preference cookies. An administrator's cookies must
// still hold their own look after viewing as a student who chose another (issue 17).

let doc: ReturnType<typeof fakeDocument>;

beforeEach(() => {
  doc = fakeDocument();
  vi.stubGlobal('document', doc);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setActiveUser(null);
});

describe('showing the stored preferences', () => {
  it('applies them and keeps them in the cookies for the next page load', () => {
    setActiveUser(makeUser());
    showStoredUserApiPreferences({ theme: 'Dark', border: '', font: 'Open Dyslexic' });
    showStoredAppPreferences({ isCategoryView: false });
    expect(doc.attributes.get('data-theme')).toBe('dark');
    expect(readPreferenceCookies()).toEqual({
      userApi: { theme: 'Dark', border: '', font: 'Open Dyslexic' },
      app: { isCategoryView: false },
    });
  });

  it('while viewing as someone, shows their look but leaves the cookies as they were', () => {
    setActiveUser(makeUser());
    showStoredUserApiPreferences({ theme: 'Light', border: '', font: '' });
    showStoredAppPreferences({ isCategoryView: true });
    setActiveUser(makeUser({ viewAs: { adminUserName: 'admin', adminDisplayName: 'Sam Taylor', expiresAt: '2099-01-01T00:00:00.000Z' } }));
    showStoredUserApiPreferences({ theme: 'Dark', border: '', font: '' });
    showStoredAppPreferences({ isCategoryView: false });
    expect(doc.attributes.get('data-theme')).toBe('dark');
    expect(readPreferenceCookies()).toEqual({
      userApi: { theme: 'Light', border: '', font: '' },
      app: { isCategoryView: true },
    });
  });
});
