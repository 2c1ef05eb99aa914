import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../../src/app/db/userDatabase';
import { deleteViewAsData } from '../../../../src/app/db/viewAsData';
import { appliedPreferences, applyAppPreferences, applyUserApiPreferences } from '../../../../src/app/features/preferences/applyPreferences';
import { setCategoryView, setTheme } from '../../../../src/app/features/preferences/mutations';
import { readPreferenceCookies } from '../../../../src/app/features/preferences/preferenceCookies';
import { onWriteRefused, type WriteRefusal } from '../../../../src/app/sync/writeRefusals';
import { makeUser } from '../../sync/support/fixtures';
import { fakeDocument } from './fakeDocument';

// Issue 17: an administrator viewing as a student cannot change the student's appearance. The
// server refuses the write; the page must not keep showing the refused look meanwhile.

let doc: ReturnType<typeof fakeDocument>;
let sent: string[];
let refusals: WriteRefusal[];
let stopListening: () => void;

beforeEach(() => {
  setActiveUser(makeUser({ viewAs: { adminUserName: 'admin', adminDisplayName: 'Sam Taylor', expiresAt: '2099-01-01T00:00:00.000Z' } }));
  doc = fakeDocument({ 'XSRF-TOKEN': 'token-1' });
  vi.stubGlobal('document', doc);
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return new Response(JSON.stringify({ message: 'Read only while viewing as another user', errors: {} }), {
      status: 403,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  // The viewed user's look, as the page applied it from their stored preferences.
  applyUserApiPreferences({ theme: 'Light', border: '', font: '' });
  applyAppPreferences({ isCategoryView: true });
  refusals = [];
  stopListening = onWriteRefused((refusal) => refusals.push(refusal));
});

afterEach(async () => {
  stopListening();
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
  await deleteViewAsData();
});

describe('preference changes while viewing as someone (issue 17)', () => {
  it('send the change for the server to refuse, and leave the page, the cookie and the device as they were', async () => {
    await setTheme('Dark');
    expect(sent).toEqual(['PUT /api/user/preferences/userapi']);
    expect(refusals).toHaveLength(1);
    expect(doc.attributes.get('data-theme')).toBe('light');
    expect(appliedPreferences().userApi.theme).toBe('Light');
    expect(readPreferenceCookies().userApi).toBeUndefined();
    expect(await activeUserDatabase()?.outbox.count()).toBe(0);
  });

  it('do the same for the category view', async () => {
    await setCategoryView(false);
    expect(sent).toEqual(['PUT /api/user/preferences/app']);
    expect(appliedPreferences().app.isCategoryView).toBe(true);
    expect(readPreferenceCookies().app).toBeUndefined();
  });
});
