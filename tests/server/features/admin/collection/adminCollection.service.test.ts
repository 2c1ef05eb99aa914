import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inUse, duplicate } from '../../../../../src/server/features/admin/adminErrors.js';
import { defineCollectionService, type CollectionStore } from '../../../../../src/server/features/admin/collection/adminCollection.service.js';
import { HttpError } from '../../../../../src/server/http/errors.js';
import { makeAdministrator } from '../../../../helpers/administrator.js';
import { createTestDatabase, type TestDatabase } from '../../../../helpers/testDb.js';

/** A bare collection over resource_categories: the generic part under test, none of a real collection's rules. */
interface Shelf {
  rowId: number;
  name: string;
  order: number;
}
interface ShelfBody {
  name: string;
  order: number;
}

const store: CollectionStore<Shelf, ShelfBody> = {
  table: 'resource_categories',
  subject: 'The shelf',
  audit: { action: 'shelf', type: 'shelf' },
  list: async (db) => (await db.selectFrom('resource_categories').select(['id', 'name', 'display_order']).orderBy('id').execute())
    .map((r) => ({ rowId: r.id, name: r.name, order: r.display_order })),
  get: async (db, id) => {
    const r = await db.selectFrom('resource_categories').select(['id', 'name', 'display_order']).where('id', '=', id).executeTakeFirst();
    return r ? { rowId: r.id, name: r.name, order: r.display_order } : undefined;
  },
  insert: async (trx, body) =>
    (await trx.insertInto('resource_categories').values({ name: body.name, colour: '#000000', display_order: body.order }).returning('id').executeTakeFirstOrThrow()).id,
  update: async (trx, id, body) => {
    await trx.updateTable('resource_categories').set({ name: body.name, display_order: body.order }).where('id', '=', id).execute();
  },
  nameTaken: () => duplicate('name', 'A shelf with this name already exists.'),
  refuseDelete: (before) => (before.order >= 100 ? inUse('This shelf is pinned.') : undefined),
  updateContext: async (_trx, _id, before, after) => (before.order === after.order ? undefined : { moved: after.order - before.order }),
  deleteContext: async (_trx, _id, before) => ({ hadOrder: before.order }),
};
const shelves = defineCollectionService(store);

let t: TestDatabase;
let admin: number;
const now = new Date('2026-03-02T09:00:00Z');
beforeAll(async () => {
  t = await createTestDatabase('empty');
  admin = await makeAdministrator(t.db);
});
afterAll(async () => {
  await t.drop();
});

const auditOf = (action: string) =>
  t.db.selectFrom('audit_log').select(['user_id', 'at', 'detail']).where('action', '=', action).orderBy('id').execute();
const detailOf = (row: { detail: unknown }): unknown => (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail);
const caught = async (work: Promise<unknown>): Promise<HttpError> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('It did not fail.');
};

describe('defineCollectionService', () => {
  it('creates, answers the record as read back, and audits it with the actor and the time', async () => {
    const shelf = await shelves.create(t.db, admin, { name: 'Top', order: 1 }, now);
    expect(shelf).toEqual({ rowId: expect.any(Number), name: 'Top', order: 1 });
    expect(await shelves.list(t.db, now)).toContainEqual(shelf);
    const [entry] = await auditOf('admin.shelf.create');
    expect(entry?.user_id).toBe(admin);
    expect(entry?.at).toEqual(now);
    expect(detailOf(entry ?? { detail: null })).toEqual({ target: { type: 'shelf', id: shelf.rowId }, after: shelf });
  });

  it('updates with before, after and the store context in the audit; 404 for no such record', async () => {
    const shelf = await shelves.create(t.db, admin, { name: 'Middle', order: 2 }, now);
    const moved = await shelves.update(t.db, admin, shelf.rowId, { name: 'Middle', order: 5 }, now);
    expect(moved).toEqual({ ...shelf, order: 5 });
    const entries = await auditOf('admin.shelf.update');
    expect(detailOf(entries.at(-1) ?? { detail: null })).toEqual({ target: { type: 'shelf', id: shelf.rowId }, before: shelf, after: moved, context: { moved: 3 } });
    await shelves.update(t.db, admin, shelf.rowId, { name: 'Middle shelf', order: 5 }, now);
    expect(detailOf((await auditOf('admin.shelf.update')).at(-1) ?? { detail: null })).not.toHaveProperty('context');

    const missing = await caught(shelves.update(t.db, admin, 999_999, { name: 'Nowhere', order: 1 }, now));
    expect({ status: missing.statusCode, code: missing.code, message: missing.message }).toEqual({ status: 404, code: 'notFound', message: 'The shelf was not found.' });
  });

  it('turns a unique violation into the store’s 400 on create and update, and writes nothing', async () => {
    const first = await shelves.create(t.db, admin, { name: 'Unique', order: 1 }, now);
    const other = await shelves.create(t.db, admin, { name: 'Other', order: 1 }, now);
    const before = (await auditOf('admin.shelf.create')).length;
    for (const attempt of [shelves.create(t.db, admin, { name: 'Unique', order: 1 }, now), shelves.update(t.db, admin, other.rowId, { name: 'Unique', order: 1 }, now)]) {
      const error = await caught(attempt);
      expect({ status: error.statusCode, code: error.code, errors: error.errors }).toEqual({
        status: 400, code: 'validation', errors: { name: ['A shelf with this name already exists.'] },
      });
    }
    expect((await auditOf('admin.shelf.create')).length).toBe(before);
    expect(await shelves.list(t.db, now)).toContainEqual(first);
    expect(await shelves.list(t.db, now)).toContainEqual(other);
  });

  it('deletes with the record and the store context in the audit; refuses (409) what the store refuses, keeping it', async () => {
    const shelf = await shelves.create(t.db, admin, { name: 'Bottom', order: 3 }, now);
    await shelves.remove(t.db, admin, shelf.rowId, now);
    expect((await shelves.list(t.db, now)).map((s) => s.rowId)).not.toContain(shelf.rowId);
    expect(detailOf((await auditOf('admin.shelf.delete')).at(-1) ?? { detail: null })).toEqual({
      target: { type: 'shelf', id: shelf.rowId }, before: shelf, context: { hadOrder: 3 },
    });

    const pinned = await shelves.create(t.db, admin, { name: 'Pinned', order: 100 }, now);
    const refused = await caught(shelves.remove(t.db, admin, pinned.rowId, now));
    expect({ status: refused.statusCode, code: refused.code, message: refused.message }).toEqual({ status: 409, code: 'conflict', message: 'This shelf is pinned.' });
    expect(await shelves.list(t.db, now)).toContainEqual(pinned);
    expect((await caught(shelves.remove(t.db, admin, shelf.rowId, now))).statusCode).toBe(404);
  });

  it('locks the row: an update waits for another transaction holding it, then reads what that one wrote', async () => {
    const shelf = await shelves.create(t.db, admin, { name: 'Locked', order: 7 }, now);
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isLocked = (): void => undefined;
    const locked = new Promise<void>((resolve) => {
      isLocked = resolve;
    });
    const holder = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('resource_categories').select('id').where('id', '=', shelf.rowId).forUpdate().execute();
      await trx.updateTable('resource_categories').set({ display_order: 8 }).where('id', '=', shelf.rowId).execute();
      isLocked();
      await held;
    });
    await locked;
    let isDone = false;
    const update = shelves.update(t.db, admin, shelf.rowId, { name: 'Locked', order: 9 }, now).then((after) => {
      isDone = true;
      return after;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isDone).toBe(false);
    release();
    await holder;
    await update;
    const entry = (await auditOf('admin.shelf.update')).at(-1);
    // Read after the lock was granted: the holder's order, not the one before it.
    expect(detailOf(entry ?? { detail: null })).toMatchObject({ before: { order: 8 }, after: { order: 9 } });
  });
});
