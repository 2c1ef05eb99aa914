import { buildRequest } from '../../../../src/app/sync/mutation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../../src/app/db/userDatabase';
import { setBorder, setCategoryView, setFont, setTheme } from '../../../../src/app/features/preferences/mutations';
import { readPreferenceCookies } from '../../../../src/app/features/preferences/preferenceCookies';
import { makeUser } from '../../sync/support/fixtures';
import { fakeDocument } from './fakeDocument';

let doc: ReturnType<typeof fakeDocument>;

function db() {
  const database = activeUserDatabase();
  if (!database) throw new Error('no user');
  return database;
}

beforeEach(async () => {
  setActiveUser(makeUser());
  doc = fakeDocument({ 'XSRF-TOKEN': 'token-1' });
  vi.stubGlobal('document', doc);
  await db().resources.put({
    key: 'userApiPreferences',
    value: { theme: '', border: 'Square', font: '' },
    etag: 'W/"1"',
    fetchedAt: 1,
    isPending: false,
    isStale: false,
    version: 0,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
});

describe('preference mutations (SPEC §4)', () => {
  it('apply a theme at once, save the cookie, and queue a PUT of all three values', async () => {
    await setTheme('Dark');
    expect(doc.attributes.get('data-theme')).toBe('dark');
    expect(readPreferenceCookies().userApi).toMatchObject({ theme: 'Dark' });
    expect(await db().resources.get('userApiPreferences')).toMatchObject({ value: { theme: 'Dark', border: 'Square', font: '' }, isPending: true });
    expect((await db().outbox.toArray()).map(buildRequest)).toEqual([
      { method: 'PUT', url: '/api/user/preferences/userapi', body: JSON.stringify({ theme: 'Dark', border: 'Square', font: '' }) },
    ]);
  });

  it('queue each change in order, each carrying the full preferences', async () => {
    await setBorder('Rounded');
    await setFont('System');
    expect(doc.attributes.get('data-font')).toBe('system');
    expect(doc.attributes.has('data-border')).toBe(false);
    const bodies = (await db().outbox.toArray()).map((entry) => {
      const request = buildRequest(entry);
      return typeof request === 'string' ? request : JSON.parse(request.body ?? 'null');
    });
    expect(bodies).toEqual([
      { theme: '', border: 'Rounded', font: '' },
      { theme: '', border: 'Rounded', font: 'System' },
    ]);
  });

  it('send the whole app preferences object on every change', async () => {
    await setCategoryView(false);
    expect(readPreferenceCookies().app).toEqual({ isCategoryView: false });
    expect(await db().resources.get('appPreferences')).toMatchObject({ value: { isCategoryView: false }, isPending: true });
    expect((await db().outbox.toArray()).map(buildRequest)).toEqual([
      { method: 'PUT', url: '/api/user/preferences/app', body: '{"isCategoryView":false}' },
    ]);
  });
});
