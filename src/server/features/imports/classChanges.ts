import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { academicYearLabelOf } from '../../calendar/academicCalendar.js';
import type { Notifier } from '../notifications/notify.service.js';
import { classUrlOf, placeAndTime } from '../notifications/timetableChanges.service.js';
import { peopleOfEvent } from '../timetable/membership.js';

/**
 * Tells students and lecturers about the classes an import (or its revert) moved, cancelled or
 * took off the timetable, with the same messages as a lecturer's change. Only classes still to
 * come count. Someone with more than DIGEST_AFTER changes gets one digest instead of a flood.
 * Every message carries a key per batch and class (or per batch for a digest), so a job run
 * again after a crash tells no one twice.
 */

export const DIGEST_AFTER = 3;

interface Change {
  readonly eventId: number;
  readonly code: string;
  readonly name: string;
  readonly eventType: string;
  readonly title: string;
  readonly body: string;
  /** The class on the timetable, on its (new) day. */
  readonly url: string;
}

/** What a student sees of a class: when, where, and whether it is on. */
export interface EventState {
  readonly startsAt: Date;
  readonly roomId: string | null;
  readonly isCancelled: boolean;
  readonly isActive: boolean;
}

interface Current extends EventState {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly eventType: string;
}

async function roomNames(db: Db, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('rooms').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

function describe(now: Current, before: EventState, rooms: Map<string, string>): Change | undefined {
  const label = `${now.name} ${now.eventType.toLowerCase()}`;
  const base = { eventId: now.id, code: now.code, name: now.name, eventType: now.eventType, url: classUrlOf(now.id, now.startsAt) };
  const roomOf = (id: string | null) => (id === null ? null : rooms.get(id) ?? id);
  const wasOn = before.isActive && !before.isCancelled;
  const isOn = now.isActive && !now.isCancelled;
  if (wasOn && !isOn) {
    return { ...base, title: 'Cancelled', body: `${label} on ${placeAndTime(before.startsAt, roomOf(before.roomId))} is cancelled.` };
  }
  if (!isOn) return undefined;
  if (!wasOn) return { ...base, title: 'Back on', body: `${label} on ${placeAndTime(now.startsAt, roomOf(now.roomId))} is back on the timetable.` };
  if (now.startsAt.getTime() === before.startsAt.getTime() && now.roomId === before.roomId) return undefined;
  return {
    ...base, title: 'Moved',
    body: `${label} moves from ${placeAndTime(before.startsAt, roomOf(before.roomId))} to ${placeAndTime(now.startsAt, roomOf(now.roomId))}.`,
  };
}

/** The state of the events a batch changed, as they are now (call before a revert to keep what users saw). */
export async function statesOfChangedEvents(db: Db, batchId: number): Promise<Map<number, EventState>> {
  const { rows } = await sql<{ id: number; starts_at: Date; room_id: string | null; is_cancelled: boolean; is_active: boolean }>`
    select e.id, e.starts_at, e.room_id, e.is_cancelled, e.is_active
    from import_changes c join timetable_events e on e.sourced_id = c.record_id
    where c.batch_id = ${batchId} and c.entity = 'events'`.execute(db);
  return new Map(rows.map((r) => [r.id, { startsAt: r.starts_at, roomId: r.room_id, isCancelled: r.is_cancelled, isActive: r.is_active }]));
}

/** The state of the events a batch updated or deactivated, as they were before it applied. */
export async function statesBeforeBatch(db: Db, batchId: number): Promise<Map<number, EventState>> {
  const { rows } = await sql<{ id: number; starts_at: Date; room_id: string | null; is_cancelled: boolean; is_active: boolean }>`
    select e.id, (c.before ->> 'starts_at')::timestamptz as starts_at, c.before ->> 'room_id' as room_id,
      (c.before ->> 'is_cancelled')::boolean as is_cancelled, (c.before ->> 'is_active')::boolean as is_active
    from import_changes c join timetable_events e on e.sourced_id = c.record_id
    where c.batch_id = ${batchId} and c.entity = 'events' and c.action in ('update', 'deactivate')`.execute(db);
  return new Map(rows.map((r) => [r.id, { startsAt: r.starts_at, roomId: r.room_id, isCancelled: r.is_cancelled, isActive: r.is_active }]));
}

/**
 * Compares each event with what its people saw before (`before`), and tells them of the changes to
 * classes still to come. `key` names the occasion (a batch's apply or revert).
 */
export async function tellClassChanges(db: Db, notifier: Notifier, before: ReadonlyMap<number, EventState>, now: Date, key: string): Promise<number> {
  const ids = [...before.keys()];
  if (ids.length === 0) return 0;
  const current: Current[] = (await db
    .selectFrom('timetable_events as e')
    .innerJoin('modules as m', 'm.id', 'e.module_id')
    .select((eb) => ['e.id', 'm.code', eb.fn.coalesce('e.title', 'm.name').as('name'), 'e.event_type', 'e.starts_at', 'e.room_id', 'e.is_cancelled', 'e.is_active'])
    .where('e.id', 'in', ids)
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .execute()).map((r) => ({ id: r.id, code: r.code, name: r.name, eventType: r.event_type, startsAt: r.starts_at, roomId: r.room_id, isCancelled: r.is_cancelled, isActive: r.is_active }));
  const rooms = await roomNames(db, [...current.map((c) => c.roomId), ...[...before.values()].map((b) => b.roomId)]);
  const byPerson = new Map<number, Change[]>();
  let changed = 0;
  for (const event of current) {
    const was = before.get(event.id);
    if (!was || (event.startsAt <= now && was.startsAt <= now)) continue;
    const change = describe(event, was, rooms);
    if (!change) continue;
    changed += 1;
    for (const userId of await peopleOfEvent(db, event.id, academicYearLabelOf(event.startsAt))) {
      byPerson.set(userId, [...(byPerson.get(userId) ?? []), change]);
    }
  }
  const single = new Map<Change, number[]>();
  const digests = new Map<number, number[]>();
  for (const [userId, list] of byPerson) {
    if (list.length > DIGEST_AFTER) digests.set(list.length, [...(digests.get(list.length) ?? []), userId]);
    else for (const change of list) single.set(change, [...(single.get(change) ?? []), userId]);
  }
  for (const [change, userIds] of single) {
    await notifier.notify({ userIds }, 'Timetable', { title: `${change.title}: ${change.code} ${change.eventType}`, body: change.body, url: change.url },
      { dedupeKey: `${key}:event:${change.eventId}` });
  }
  for (const [count, userIds] of digests) {
    await notifier.notify({ userIds }, 'Timetable', {
      title: `${count} of your classes changed`,
      body: `The timetable was updated: ${count} of your classes moved or were cancelled. Check your timetable for the new times and rooms.`,
      url: '/timetable',
    }, { dedupeKey: `${key}:digest` });
  }
  return changed;
}
