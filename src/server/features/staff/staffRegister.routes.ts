import {
  closeRegisterRoute, getCheckInCodeRoute, getRegisterRoute, markPresentRoute, moveClassRoute, roomOptionsRoute, setCheckInRequirementRoute,
} from '../../../shared/contract/staffRegister.js';
import type { SessionUser } from '../../auth/session.service.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { moveEvent } from '../notifications/timetableChanges.service.js';
import { londonIso } from '../timetable/londonTime.js';
import { checkInCodeNow, setCheckInRequirement } from './checkIn.staff.js';
import { assertMayChangeClass, assertTeaches, mayChangeClass } from './classAccess.js';
import { parseNewStart } from './newStart.js';
import { loadRegister } from './register.queries.js';
import { closeRegisterNow, markPresent } from './register.service.js';

/**
 * The lecturer's register of a class they teach; closing it, and moving the class, only for the
 * lecturers the class lists (or an administrator).
 */
export function staffRegisterRoutes({ db, notifier, config, clock }: ServerContext): RouteImplementation[] {
  const closeMinutes = config.attendanceCloseMinutes;
  const registerFor = async (user: SessionUser, eventId: number) => loadRegister(db, eventId, closeMinutes, await mayChangeClass(db, user, eventId));
  return [
    implement(getRegisterRoute, async ({ user, params, reply }) => {
      await assertTeaches(db, user, params.eventRowId);
      reply.header('cache-control', 'no-store');
      return registerFor(user, params.eventRowId);
    }),
    implement(closeRegisterRoute, async ({ user, params }) => {
      await assertTeaches(db, user, params.eventRowId);
      await assertMayChangeClass(db, user, params.eventRowId);
      await closeRegisterNow({ db, notifier }, user.id, params.eventRowId, clock.now());
      return registerFor(user, params.eventRowId);
    }),
    implement(markPresentRoute, async ({ user, params, body }) => {
      await assertTeaches(db, user, params.eventRowId);
      await markPresent(db, user.id, params.eventRowId, params.studentUserId, clock.now(), body.reason);
      return registerFor(user, params.eventRowId);
    }),
    implement(moveClassRoute, async ({ user, params, body }) => {
      await assertMayChangeClass(db, user, params.rowId);
      const result = await moveEvent({ db, notifier, clock }, params.rowId, parseNewStart(body.newStart), body.roomId, {
        actorUserId: user.id, closeMinutes, now: clock.now(), reason: body.reason, confirmClashes: body.confirmClashes,
      });
      const event = await db.selectFrom('timetable_events').select(['starts_at', 'room_id']).where('id', '=', params.rowId).executeTakeFirstOrThrow();
      return { rowId: params.rowId, startTime: londonIso(event.starts_at), roomId: event.room_id, notified: result?.notified ?? 0 };
    }),
    // The check-in code (issue 31 §5): only the lecturers the class lists and administrators see
    // the code or change whether its module asks for it.
    implement(setCheckInRequirementRoute, async ({ user, params, body }) => {
      await assertMayChangeClass(db, user, params.eventRowId);
      await setCheckInRequirement(db, user.id, params.eventRowId, body.requiresCheckInCode, clock.now());
      return registerFor(user, params.eventRowId);
    }),
    implement(getCheckInCodeRoute, async ({ user, params, reply }) => {
      await assertMayChangeClass(db, user, params.eventRowId);
      reply.header('cache-control', 'no-store');
      return checkInCodeNow(db, params.eventRowId, clock.now());
    }),
    implement(roomOptionsRoute, async () => {
      const rooms = await db.selectFrom('rooms').select(['id', 'name']).orderBy('id').execute();
      return rooms.map((room) => ({ roomId: room.id, roomName: room.name }));
    }),
  ];
}
