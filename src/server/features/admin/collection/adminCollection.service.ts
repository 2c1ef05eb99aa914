import type { Transaction } from 'kysely';
import { recordAudit } from '../../../audit/auditLog.js';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { isUniqueViolation } from '../../../db/sqlErrors.js';
import { notFound, type HttpError } from '../../../http/errors.js';
import { present } from '../../../../shared/guards.js';

type Trx = Transaction<Database>;

/** The tables of the admin collections: each keyed by an integer `id`. */
export type CollectionTable = 'audience_rules' | 'resource_categories' | 'resource_links' | 'directory_groups';

/**
 * One admin collection's storage (issue 33 §3): what differs between rules, categories, links and
 * directory groups. Everything they share (the transaction, the row lock, the 404, the audit entry
 * with the record before and after, the unique-name error) is `defineCollectionService`'s.
 */
export interface CollectionStore<Item, Body> {
  readonly table: CollectionTable;
  /** The 404's subject: 'The rule' gives 'The rule was not found.'. */
  readonly subject: string;
  /** The audit's names: actions `admin.<action>.create|update|delete`, target `{ type, id }`. */
  readonly audit: { readonly action: string; readonly type: string };
  /** Every record, in the list's order. `now` dates counts such as a link's recent opens. */
  list(db: Db | Trx, now: Date): Promise<Item[]>;
  /** One record as the list shows it, or undefined. */
  get(db: Db | Trx, id: number, now: Date): Promise<Item | undefined>;
  /** Checks the ids the body names (400 keyed by the field) before it is written. */
  checkReferences?(trx: Trx, body: Body): Promise<void>;
  /** Inserts the record and what hangs off it; answers its id. */
  insert(trx: Trx, body: Body, now: Date): Promise<number>;
  /** Updates the record and what hangs off it. */
  update(trx: Trx, id: number, body: Body): Promise<void>;
  /** The 400 for a unique violation (a name already taken); without it the error goes on. */
  readonly nameTaken?: () => HttpError;
  /** The 409 when the record is still in use and must not be deleted, or undefined. */
  refuseDelete?(before: Item): HttpError | undefined;
  /** What else the audit entry of an update keeps (e.g. the users a change reached). */
  updateContext?(trx: Trx, id: number, before: Item, after: Item): Promise<Record<string, unknown> | undefined>;
  /** What else the audit entry of a delete keeps, read before the row goes. */
  deleteContext?(trx: Trx, id: number, before: Item): Promise<Record<string, unknown> | undefined>;
}

export interface CollectionService<Item, Body> {
  list(db: Db, now: Date): Promise<Item[]>;
  create(db: Db, actorUserId: number, body: Body, now: Date): Promise<Item>;
  update(db: Db, actorUserId: number, id: number, body: Body, now: Date): Promise<Item>;
  remove(db: Db, actorUserId: number, id: number, now: Date): Promise<void>;
}

const withContext = (context: Record<string, unknown> | undefined) => (context ? { context } : {});

/** The list, create, update and delete of one admin collection, each write in one transaction with its audit entry. */
export function defineCollectionService<Item, Body>(store: CollectionStore<Item, Body>): CollectionService<Item, Body> {
  const { table, audit } = store;
  const saved = `The saved ${store.subject.replace(/^The /, '')}`;
  const target = (id: number) => ({ type: audit.type, id });
  /** Locks the row (if any) and reads it; 404 when there is none. */
  const lockAndRead = async (trx: Trx, id: number, now: Date): Promise<Item> => {
    await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const before = await store.get(trx, id, now);
    if (before === undefined) throw notFound(store.subject);
    return before;
  };
  const withNameCheck = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (store.nameTaken && isUniqueViolation(error)) throw store.nameTaken();
      throw error;
    }
  };
  return {
    list: (db, now) => store.list(db, now),
    create: (db, actorUserId, body, now) => withNameCheck(() => db.transaction().execute(async (trx) => {
      await store.checkReferences?.(trx, body);
      const id = await store.insert(trx, body, now);
      const after = present(await store.get(trx, id, now), saved);
      await recordAudit(trx, { at: now, actorUserId, action: `admin.${audit.action}.create`, target: target(id), after });
      return after;
    })),
    update: (db, actorUserId, id, body, now) => withNameCheck(() => db.transaction().execute(async (trx) => {
      const before = await lockAndRead(trx, id, now);
      await store.checkReferences?.(trx, body);
      await store.update(trx, id, body);
      const after = present(await store.get(trx, id, now), saved);
      const context = await store.updateContext?.(trx, id, before, after);
      await recordAudit(trx, { at: now, actorUserId, action: `admin.${audit.action}.update`, target: target(id), before, after, ...withContext(context) });
      return after;
    })),
    remove: (db, actorUserId, id, now) => db.transaction().execute(async (trx) => {
      const before = await lockAndRead(trx, id, now);
      const refusal = store.refuseDelete?.(before);
      if (refusal) throw refusal;
      const context = await store.deleteContext?.(trx, id, before);
      await trx.deleteFrom(table).where('id', '=', id).execute();
      await recordAudit(trx, { at: now, actorUserId, action: `admin.${audit.action}.delete`, target: target(id), before, ...withContext(context) });
    }),
  };
}
