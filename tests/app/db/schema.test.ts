import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { UserDatabase } from '../../../src/app/db/schema';

describe('the user database schema', () => {
  it('upgrades a version 1 database to add drafts, keeping its cache and its queued writes', async () => {
    const name = `schema-upgrade-${process.pid}`;
    const old = new Dexie(name);
    old.version(1).stores({ resources: 'key', outbox: '++seq, resourceKey', refusals: '++id' });
    await old.table('resources').put({ key: 'profile', value: { a: 1 }, etag: null, fetchedAt: 1, isPending: false, isStale: false, version: 0 });
    await old.table('outbox').add({ id: 'w1', resourceKey: 'favouriteResources', method: 'POST', url: '/api/x', body: null, xsrfToken: null, enqueuedAt: 1, attempts: 0 });
    old.close();

    const db = new UserDatabase(name);
    expect(await db.resources.get('profile')).toMatchObject({ value: { a: 1 } });
    expect(await db.outbox.count()).toBe(1);
    await db.drafts.put({ key: 'absence:new', value: { note: 'x' }, savedAt: 5 });
    expect(await db.drafts.get('absence:new')).toEqual({ key: 'absence:new', value: { note: 'x' }, savedAt: 5 });
    db.close();

    // A page (or service worker) still running the previous release declares only version 1: it
    // must still open the upgraded database and read its queue.
    const previousRelease = new Dexie(name);
    previousRelease.version(1).stores({ resources: 'key', outbox: '++seq, resourceKey', refusals: '++id' });
    expect(await previousRelease.table('outbox').count()).toBe(1);
    previousRelease.close();
    await Dexie.delete(name);
  });
});
