import type { Db } from '../../db/database.js';
import { peopleOfEvent } from '../timetable/membership.js';
import type { Clock } from '../../clock.js';
import type { EventType } from '../../db/schema.domain.js';
import { academicYearLabelOf, TIMEZONE } from '../../calendar/academicCalendar.js';
import { recordAudit } from '../../audit/auditLog.js';
import { addMinutes } from '../../calendar/academicCalendar.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { findClashes } from '../timetable/classClashes.js';
import type { Notifier, NotifyResult } from './notify.service.js';
import { classPathOf } from '../../../shared/rules/classLink.js';
import { londonWallClock } from '../timetable/londonTime.js';

/**
 * Cancelling or moving a class: the event is updated (SEQUENCE and LAST-MODIFIED bumped, so
 * calendar feeds pick the change up) and its students (enrolled on the module that academic
 * year) and lecturers (assigned to the module or to the event) get a Timetable notification.
 * A change that changes nothing (cancelling a cancelled class, moving to where it already is)
 * notifies no one. Routes: POST /api/admin/timetable/events/{rowId}/cancel and
 * POST /api/staff/timetable/events/{rowId}/move (an administrator, or the class's own lecturer).
 *
 * Registers follow: cancelling turns every record of the class to Cancelled (whether its register
 * has closed or not; the job writes Cancelled for the rest). Moving a class to a time whose
 * registration has not closed yet reopens its register: its registrations and records (made for
 * the old time) are removed, and the job closes it after the new time. A move within the past
 * keeps them. Each change is audited in its transaction when an actor is given.
 *
 * No class moves to a time that has begun or is past (M1: moved there, its register could be
 * closed at once and its whole group recorded absent from a class that never happened). A move by
 * someone (options given) is checked for clashes first; see {@link moveEvent}.
 */

/** Who made the change (for the audit log), and the close-registers policy. */
export interface ChangeOptions {
  readonly actorUserId: number | null;
  /** ATTENDANCE_CLOSE_MINUTES. */
  readonly closeMinutes: number;
  readonly now?: Date;
}

/** A person's move: why (told to the students, audited), and whether they accept the clashes shown. */
export interface MoveOptions extends ChangeOptions {
  readonly reason?: string;
  readonly confirmClashes?: boolean;
}

export const moveIntoPastMessage = 'A class cannot be moved to a time that has already begun.';
export const moveClashMessage = 'The new time clashes with other classes. Move it anyway?';

export interface TimetableChangeDeps {
  readonly db: Db;
  readonly notifier: Notifier;
  /** The server's clock: "now" when the options do not say. */
  readonly clock: Clock;
}

interface EventFacts {
  readonly id: number;
  readonly moduleId: number;
  readonly code: string;
  readonly name: string;
  readonly eventType: EventType;
  readonly startsAt: Date;
  readonly roomName: string | null;
}

const when = () => new Intl.DateTimeFormat('en-GB', {
  timeZone: TIMEZONE, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});
/** 'Tue 14 Oct, 10:00 in Lecture Theatre A' (also the import's class-change messages). */
export const placeAndTime = (startsAt: Date, roomName: string | null): string => `${when().format(startsAt)}${roomName ? ` in ${roomName}` : ''}`;

async function lockEvent(db: Db, eventId: number): Promise<EventFacts & { isCancelled: boolean; roomId: string | null; registerClosedAt: Date | null; durationMinutes: number }> {
  const row = await db
    .selectFrom('timetable_events as e')
    .innerJoin('modules as m', 'm.id', 'e.module_id')
    .leftJoin('rooms as r', 'r.id', 'e.room_id')
    .select(['e.id', 'e.module_id', 'm.code', 'm.name', 'e.event_type', 'e.starts_at', 'e.is_cancelled', 'e.room_id', 'e.register_closed_at', 'e.duration_minutes', 'r.name as room_name'])
    .where('e.id', '=', eventId)
    .where('e.is_active', '=', true)
    .forUpdate('e')
    .executeTakeFirst();
  if (!row) throw notFound('The class');
  return {
    id: row.id, moduleId: row.module_id, code: row.code, name: row.name, eventType: row.event_type,
    startsAt: row.starts_at, roomName: row.room_name, isCancelled: row.is_cancelled, roomId: row.room_id,
    registerClosedAt: row.register_closed_at, durationMinutes: row.duration_minutes,
  };
}

/** The students of the class's group in its academic year, and its lecturers. */
async function peopleOf(db: Db, event: EventFacts): Promise<number[]> {
  return peopleOfEvent(db, event.id, academicYearLabelOf(event.startsAt));
}

/** Where a notification about a class opens: its card on the timetable, on the day it now takes place. */
export const classUrlOf = (eventId: number, startsAt: Date): string => classPathOf(eventId, londonWallClock(startsAt).date);

/** Tells the class's people; `startsAt` is when it takes place now (a moved class: its new start). */
async function tell(deps: TimetableChangeDeps, event: EventFacts, title: string, body: string, startsAt: Date): Promise<NotifyResult> {
  const userIds = await peopleOf(deps.db, event);
  return deps.notifier.notify({ userIds }, 'Timetable', { title: `${title}: ${event.code} ${event.eventType}`, body, url: classUrlOf(event.id, startsAt) });
}

/** Cancels a class and tells its people. Null when it was already cancelled; 404 for an unknown class. */
export async function cancelEvent(deps: TimetableChangeDeps, eventId: number, options?: ChangeOptions): Promise<NotifyResult | null> {
  const event = await deps.db.transaction().execute(async (trx) => {
    const current = await lockEvent(trx, eventId);
    if (current.isCancelled) return undefined;
    await trx
      .updateTable('timetable_events')
      .set((eb) => ({ is_cancelled: true, sequence: eb('sequence', '+', 1), last_modified: options?.now ?? deps.clock.now() }))
      .where('id', '=', eventId)
      .execute();
    const records = await trx
      .updateTable('attendance_records')
      .set({ analysis_result: 'Cancelled' })
      .where('event_id', '=', eventId)
      .where('analysis_result', '<>', 'Cancelled')
      .executeTakeFirst();
    if (options) {
      await recordAudit(trx, {
        at: options?.now ?? deps.clock.now(),
        actorUserId: options.actorUserId,
        action: 'timetable.cancel',
        target: { type: 'timetableEvent', id: eventId },
        before: { isCancelled: false },
        after: { isCancelled: true },
        context: { recordsCancelled: Number(records.numUpdatedRows) },
      });
    }
    return current;
  });
  if (!event) return null;
  const body = `${event.name} ${event.eventType.toLowerCase()} on ${placeAndTime(event.startsAt, event.roomName)} is cancelled.`;
  return tell(deps, event, 'Cancelled', body, event.startsAt);
}

/**
 * Moves a class to a new start and, when `newRoomId` is given, a new room, and tells its people.
 * Null when nothing changed; 404 for an unknown class; 400 for an unknown room, a cancelled class
 * or a new start that has begun (a room change alone keeps the start, past or not). A person's
 * move (options given) that would clash (the room, its lecturers, its students: `findClashes`) is
 * refused with 409 and `errors.clashes`, unless `confirmClashes` accepts them, which is audited.
 */
export async function moveEvent(
  deps: TimetableChangeDeps, eventId: number, newStart: Date, newRoomId?: string, options?: MoveOptions,
): Promise<NotifyResult | null> {
  if (Number.isNaN(newStart.getTime())) throw badRequest('The new start is not a valid date.', { newStart: ['Enter a valid date and time.'] });
  const change = await deps.db.transaction().execute(async (trx) => {
    const current = await lockEvent(trx, eventId);
    if (current.isCancelled) throw badRequest('A cancelled class cannot be moved.', { eventId: ['This class is cancelled.'] });
    if (academicYearLabelOf(newStart) !== academicYearLabelOf(current.startsAt)) {
      throw badRequest('A class can move only within its academic year.', { newStart: ['Choose a time in the same academic year as the class.'] });
    }
    const room = newRoomId === undefined ? undefined : await trx.selectFrom('rooms').select(['id', 'name']).where('id', '=', newRoomId).executeTakeFirst();
    if (newRoomId !== undefined && !room) throw badRequest('The room does not exist.', { roomId: ['Choose an existing room.'] });
    const roomId = room?.id ?? current.roomId;
    if (newStart.getTime() === current.startsAt.getTime() && roomId === current.roomId) return undefined;
    const now = options?.now ?? deps.clock.now();
    const startChanged = newStart.getTime() !== current.startsAt.getTime();
    if (startChanged && newStart <= now) throw badRequest(moveIntoPastMessage, { newStart: ['Choose a date and time still to come.'] });
    const windowStillAhead = options !== undefined && addMinutes(newStart, options.closeMinutes) > now;
    // A closed register holds the class's final records: it never reopens by a move.
    if (startChanged && windowStillAhead && current.registerClosedAt !== null) {
      throw badRequest('This class\'s register is closed, so it cannot move to a time whose registration is still to come.', {
        newStart: ['The register of this class is closed. Cancel it and ask for a new class instead.'],
      });
    }
    const clashes = options === undefined ? [] : await findClashes(trx, {
      eventId, startsAt: newStart, durationMinutes: current.durationMinutes, roomId, isNewTime: startChanged,
    }, academicYearLabelOf(newStart));
    if (clashes.length > 0 && options?.confirmClashes !== true) throw new HttpError(409, 'conflict', moveClashMessage, { clashes });
    const reason = options?.reason?.trim() || undefined;
    // Only a new start whose registration is still to come (or still open) starts the register
    // afresh; a room change alone keeps every registration and override.
    const reopens = startChanged && windowStillAhead;
    await trx
      .updateTable('timetable_events')
      .set((eb) => ({
        starts_at: newStart, room_id: roomId, sequence: eb('sequence', '+', 1), last_modified: now,
        ...(reopens ? { register_closed_at: null } : {}),
      }))
      .where('id', '=', eventId)
      .execute();
    if (reopens) {
      await trx.deleteFrom('attendance_registrations').where('event_id', '=', eventId).execute();
      await trx.deleteFrom('attendance_records').where('event_id', '=', eventId).execute();
    }
    if (options) {
      await recordAudit(trx, {
        at: now,
        actorUserId: options.actorUserId,
        action: 'timetable.move',
        target: { type: 'timetableEvent', id: eventId },
        before: { startsAt: current.startsAt.toISOString(), roomId: current.roomId },
        after: { startsAt: newStart.toISOString(), roomId },
        context: { registerReopened: reopens, ...(reason ? { reason } : {}), ...(clashes.length > 0 ? { clashesConfirmed: clashes } : {}) },
      });
    }
    return { before: current, afterRoomName: room ? room.name : current.roomName, reason };
  });
  if (!change) return null;
  const { before, afterRoomName, reason } = change;
  const moved = `${before.name} ${before.eventType.toLowerCase()} moves from ${placeAndTime(before.startsAt, before.roomName)} to ${placeAndTime(newStart, afterRoomName)}.`;
  const body = reason ? `${moved} Reason: ${reason}` : moved;
  return tell(deps, before, 'Moved', body, newStart);
}
