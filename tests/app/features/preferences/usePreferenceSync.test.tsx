import { act, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../../src/app/db/userDatabase';
import { userApiChanges } from '../../../../src/app/features/preferences/localChanges';
import { setFont, setTheme } from '../../../../src/app/features/preferences/mutations';
import { useUserApiPreferences } from '../../../../src/app/features/preferences/queries';
import { usePreferenceSync } from '../../../../src/app/features/preferences/usePreferenceSync';
import { runSignOutCleanups } from '../../../../src/app/state/signOutCleanup';
import type { UserApiPreferences } from '../../../../src/shared/contract/preferences';
import { makeUser } from '../../sync/support/fixtures';

// The page shows a preference change at once and stores it a moment later; the stored row is shown
// whenever it changes. A row from before the newest change must not paint the older choice back
// (fonts.spec.ts once found the System font on the page after Open Dyslexic had been chosen).

const now = new Date('2026-11-02T10:00:00Z');
const user = makeUser();

/** The stored row's value as a live read of it last delivered it. */
let seen: UserApiPreferences | undefined;

function Sync(): null {
  usePreferenceSync();
  const { data } = useUserApiPreferences();
  useEffect(() => {
    seen = data;
  }, [data]);
  return null;
}

function db() {
  const database = activeUserDatabase();
  if (!database) throw new Error('no user');
  return database;
}

/** Stores a row as a live read would deliver it, and waits until reads of it have. */
async function storeRow(value: UserApiPreferences, version: number): Promise<void> {
  await act(async () => {
    await db().resources.put({ key: 'userApiPreferences', value, base: value, etag: null, fetchedAt: now.getTime(), isPending: true, isStale: false, version, acks: 0 });
  });
  await waitFor(() => expect(seen).toEqual(value));
}

/** Every font the page is drawn in from now on, in order. */
function watchFonts(): string[] {
  const drawn: string[] = [];
  const root = document.documentElement;
  const setAttribute = root.setAttribute.bind(root);
  const removeAttribute = root.removeAttribute.bind(root);
  vi.spyOn(root, 'setAttribute').mockImplementation((name, value) => {
    if (name === 'data-font') drawn.push(value);
    setAttribute(name, value);
  });
  vi.spyOn(root, 'removeAttribute').mockImplementation((name) => {
    if (name === 'data-font') drawn.push('app font');
    removeAttribute(name);
  });
  return drawn;
}

const font = (): string | null => document.documentElement.getAttribute('data-font');
const theme = (): string | null => document.documentElement.getAttribute('data-theme');

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline'))); // the queued writes stay queued
  setActiveUser(user);
  await db().resources.put({ key: 'userApiPreferences', value: { theme: '', border: '', font: '' }, etag: 'W/"1"', fetchedAt: now.getTime(), isPending: false, isStale: false, version: 0 });
});

afterEach(async () => {
  await runSignOutCleanups(); // as signing out does: the user's data and this device's change counts go
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  closeUserDatabase();
  setActiveUser(null);
  document.documentElement.removeAttribute('data-font');
  document.documentElement.removeAttribute('data-theme');
});

describe('showing the stored preferences beside changes made on this device', () => {
  it('passes over a row older than the change on screen, and shows the one that carries it', async () => {
    render(<Sync />);
    await act(() => setFont('System'));
    await act(() => setFont('Open Dyslexic'));
    expect(font()).toBe('open-dyslexic');
    expect(await db().resources.get('userApiPreferences')).toMatchObject({ version: 2, value: { font: 'Open Dyslexic' } });
    const drawn = watchFonts();

    // The row as it was after the first click, delivered late; then the newest change rebased on
    // a theme chosen on another device.
    await storeRow({ theme: '', border: '', font: 'System' }, 1);
    await storeRow({ theme: 'Dark', border: '', font: 'Open Dyslexic' }, 2);
    await waitFor(() => expect(theme()).toBe('dark'));
    expect(font()).toBe('open-dyslexic');
    expect(drawn).not.toContain('system');
  });

  it('shows no stored row while a change on screen is still being stored, then the newest', async () => {
    render(<Sync />);
    await storeRow({ theme: '', border: '', font: '' }, 0);
    let finish: (version: number) => void = () => {};
    let storing: Promise<void> = Promise.resolve();
    act(() => {
      storing = userApiChanges.track(user.userId, () => new Promise<number>((resolve) => (finish = resolve)));
    });
    document.documentElement.setAttribute('data-font', 'open-dyslexic'); // on screen at once, as setFont does
    const drawn = watchFonts();

    await storeRow({ theme: '', border: '', font: 'System' }, 1);
    await storeRow({ theme: 'Dark', border: '', font: 'Open Dyslexic' }, 2);
    expect(theme()).toBeNull();
    await act(async () => {
      finish(2);
      await storing;
    });
    await waitFor(() => expect(theme()).toBe('dark'));
    expect(font()).toBe('open-dyslexic');
    expect(drawn).not.toContain('system');
    expect(userApiChanges.state.get()).toMatchObject({ storing: 0, version: 2 });
  });

  it('shows a change from elsewhere once nothing of this device is newer', async () => {
    render(<Sync />);
    await act(() => setTheme('Light'));
    await storeRow({ theme: 'Light', border: '', font: 'System' }, 1); // another device's font, rebased
    await waitFor(() => expect(font()).toBe('system'));
  });
});
