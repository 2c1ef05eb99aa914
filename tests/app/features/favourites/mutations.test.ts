import { buildRequest } from '../../../../src/app/sync/mutation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../../src/app/db/userDatabase';
import { addFavouriteResource, removeFavouriteResource } from '../../../../src/app/features/favourites/mutations';
import { pendingChanges } from '../../../../src/app/features/favourites/pendingChanges';
import { toggleFavourite } from '../../../../src/app/features/favourites/toggleFavourite';
import { queuedNotice } from '../../../../src/app/sync/writeDelivery';
import { toastStore } from '../../../../src/app/ui/toast/toastStore';
import { makeUser } from '../../sync/support/fixtures';
import { fakeDocument } from '../preferences/fakeDocument';

const moodle = { rowId: 1, displayName: 'Moodle', url: 'https://moodle.example.ac.uk' };
const exams = { rowId: 2, displayName: 'Exam timetable', url: 'https://example.ac.uk/exams' };

function db() {
  const database = activeUserDatabase();
  if (!database) throw new Error('no user');
  return database;
}

const favourites = async () => (await db().resources.get('favouriteResources'))?.value;
const actions = (item: typeof moodle) => ({ name: item.displayName, add: () => addFavouriteResource(item), remove: () => removeFavouriteResource(item.rowId) });

beforeEach(async () => {
  setActiveUser(makeUser());
  vi.stubGlobal('document', fakeDocument({ 'XSRF-TOKEN': 'token-1' }));
  toastStore.clear();
  await db().resources.put({ key: 'favouriteResources', value: [moodle], etag: 'W/"1"', fetchedAt: 1, isPending: false, isStale: false, version: 0 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
});

describe('favourite mutations (SPEC §4)', () => {
  it('add optimistically, marked pending, with a queued POST {linkRowId}', async () => {
    await toggleFavourite(false, actions(exams));
    expect(await favourites()).toEqual([moodle, exams]);
    expect(await db().resources.get('favouriteResources')).toMatchObject({ isPending: true });
    const queued = await db().outbox.toArray();
    expect(queued.map(buildRequest)).toEqual([{ method: 'POST', url: '/api/user/favourites/resources', body: '{"linkRowId":2}' }]);
    expect(pendingChanges(queued).get(2)).toBe('add');
    // No outbox sync runs here, so nothing is sent: the notice says it is kept on this device.
    expect(toastStore.getSnapshot().map((toast) => toast.text)).toEqual([queuedNotice("Added 'Exam timetable' to favourites")]);
  });

  it('remove with an Undo that re-adds silently', async () => {
    await toggleFavourite(true, actions(moodle));
    expect(await favourites()).toEqual([]);
    const [notice] = toastStore.getSnapshot();
    expect(notice).toMatchObject({ text: queuedNotice("Removed 'Moodle' from favourites"), action: { label: 'Undo' } });

    notice?.action?.onAction();
    await vi.waitFor(async () => expect(await favourites()).toEqual([moodle]));
    expect(toastStore.getSnapshot().map((toast) => toast.text)).toEqual([queuedNotice("Removed 'Moodle' from favourites")]);
    const queued = await db().outbox.toArray();
    expect(queued.map(buildRequest).map((request) => (typeof request === 'string' ? request : `${request.method} ${request.url}`))).toEqual(['DELETE /api/user/favourites/resources/1', 'POST /api/user/favourites/resources']);
    expect(pendingChanges(queued).get(1)).toBe('add');
  });

  it('two removals in a row: each notice names its item and its Undo restores that item only', async () => {
    await db().resources.put({ key: 'favouriteResources', value: [moodle, exams], etag: 'W/"1"', fetchedAt: 1, isPending: false, isStale: false, version: 0 });
    await toggleFavourite(true, actions(moodle));
    await toggleFavourite(true, actions(exams));
    expect(await favourites()).toEqual([]);
    const [first, second] = toastStore.getSnapshot();
    expect(first?.text).toBe(queuedNotice("Removed 'Moodle' from favourites"));
    expect(second?.text).toBe(queuedNotice("Removed 'Exam timetable' from favourites"));

    second?.action?.onAction();
    await vi.waitFor(async () => expect(await favourites()).toEqual([exams]));
    first?.action?.onAction();
    await vi.waitFor(async () => expect(await favourites()).toEqual([exams, moodle]));
  });
});
