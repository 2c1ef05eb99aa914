import { randomBytes } from 'node:crypto';
import { icalFeedRoute, type IcalSubscription } from '../../../shared/contract/timetable.js';
import type { Db } from '../../db/database.js';
import { timetableOwner, type TimetableOwner } from './timetable.queries.js';

/**
 * A user's calendar subscription. Its id is the only credential of the public feed (calendar apps
 * cannot sign in), so it is 256 random bits, base64url (43 characters). Every function here is
 * keyed by the caller's own user id: no route takes a user id.
 */
const UNIQUE_ID_BYTES = 32;

export function newUniqueId(): string {
  return randomBytes(UNIQUE_ID_BYTES).toString('base64url');
}

/** The absolute feed URL, e.g. https://campus.example.ac.uk/api/timetable/ical/feed/<id>. */
export function feedUrlOf(origin: string, uniqueId: string): string {
  return `${origin}${icalFeedRoute.path.replace(':uniqueId', encodeURIComponent(uniqueId))}`;
}

export async function loadSubscription(db: Db, userId: number, origin: string): Promise<IcalSubscription | null> {
  const row = await db.selectFrom('ical_subscriptions').select('unique_id').where('user_id', '=', userId).executeTakeFirst();
  return row ? { uniqueId: row.unique_id, feedUrl: feedUrlOf(origin, row.unique_id) } : null;
}

/** Creates the subscription, or returns the existing one: idempotent, and safe when two calls race. */
export async function enableSubscription(db: Db, userId: number, origin: string, now: Date): Promise<IcalSubscription> {
  await db
    .insertInto('ical_subscriptions')
    .values({ user_id: userId, unique_id: newUniqueId(), created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const subscription = await loadSubscription(db, userId, origin);
  if (!subscription) throw new Error('The calendar subscription vanished while it was being created.');
  return subscription;
}

/** Removes the caller's subscription (if any); the old feed URL answers 404 from then on. */
export async function deleteSubscription(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('ical_subscriptions').where('user_id', '=', userId).execute();
}

/** Whose timetable a feed id gives, with the owner's current roles; undefined for an unknown id. */
export async function feedOwner(db: Db, uniqueId: string): Promise<TimetableOwner | undefined> {
  const rows = await db
    .selectFrom('ical_subscriptions as s')
    .leftJoin('effective_user_roles as ur', 'ur.user_id', 's.user_id')
    .select(['s.user_id', 'ur.role'])
    .where('s.unique_id', '=', uniqueId)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  return timetableOwner(first.user_id, rows.flatMap((row) => (row.role ? [row.role] : [])));
}
