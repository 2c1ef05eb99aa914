import { z } from './zod';
import { isoDateTime, rowId, rowIdParam, text, textLimits } from './common';
import { attendanceStatusSchema } from './attendance';
import { defineRoute } from './route';

/** How long after a class a lecturer may still mark a student present (an audited override). */
export const registerOverrideDays = 7;

/** The longest reason a lecturer may give for an override after close or for a move. */
export const changeReasonMax = 200;
const changeReason = text(changeReasonMax, { trim: true });

/** Where a student stands on a register while it is open. */
export const registerStudentStateSchema = z.enum(['Registered', 'MarkedPresent', 'NotYet', 'AbsenceCovering']);
export type RegisterStudentState = z.infer<typeof registerStudentStateSchema>;

export const registerStudentSchema = z.object({
  userId: rowId,
  displayName: z.string(),
  studentId: z.nullable(z.string()),
  state: registerStudentStateSchema,
  /** When they registered (or were marked present); null otherwise. */
  registeredAt: z.nullable(isoDateTime),
  /** The type of the Approved absence covering the class, if any. */
  absenceType: z.nullable(z.enum(['Authorised', 'Informed'])),
  /** The record written when the register closed (or by an override); null while there is none. */
  result: z.nullable(attendanceStatusSchema),
});
export type RegisterStudent = z.infer<typeof registerStudentSchema>;

/** One change to a class or its register, from the audit log: who did what, when, and why. */
export const registerHistoryEntrySchema = z.object({
  at: isoDateTime,
  /** The person who acted; null for the system (the close-registers job). */
  actorName: z.nullable(z.string()),
  /** What happened, in a sentence: 'Marked Amara Okafor present', 'Closed the register'. */
  summary: z.string(),
  /** The reason they gave, if any. */
  reason: z.nullable(z.string()),
});
export type RegisterHistoryEntry = z.infer<typeof registerHistoryEntrySchema>;

/** One class's register, as its lecturer sees it. Times are London wall clock with an offset. */
export const classRegisterSchema = z.object({
  rowId,
  moduleCode: z.string(),
  moduleName: z.string(),
  eventType: z.string(),
  startTime: isoDateTime,
  /** Minutes. */
  duration: z.int().check(z.nonnegative()),
  roomId: z.nullable(z.string()),
  roomName: z.nullable(z.string()),
  isCancelled: z.boolean(),
  isMonitored: z.boolean(),
  /** Students may register from this time… */
  registrationOpens: isoDateTime,
  /** …until this one, when the close-registers job writes the records. */
  registrationCloses: isoDateTime,
  /** When the register was closed; null while it is open. */
  closedAt: z.nullable(isoDateTime),
  /** The last moment a student can be marked present. */
  overrideUntil: isoDateTime,
  students: z.array(registerStudentSchema),
  /** Whether the caller may move, cancel or close this class: one of the lecturers it lists (or an administrator). */
  canChange: z.boolean(),
  /** Its closing, overrides, moves and cancellation, oldest first. */
  history: z.array(registerHistoryEntrySchema),
  /** Whether the class's module asks students for the check-in code (issue 31 §5); set by its lecturers. */
  requiresCheckInCode: z.boolean(),
});
export type ClassRegister = z.infer<typeof classRegisterSchema>;

const eventRowIdParams = z.object({ eventRowId: rowIdParam });

/**
 * The register of a class the caller teaches (assigned to its module or to the class itself);
 * 403 for any other class, 404 for one that does not exist.
 */
export const getRegisterRoute = defineRoute({
  id: 'register.get',
  method: 'GET',
  path: '/api/staff/register/:eventRowId',
  params: eventRowIdParams,
  response: classRegisterSchema,
  roles: ['TeachingStaff'],
  ownedParams: { eventRowId: 'taughtClass' },
});

/**
 * "Close register now": writes the class's records at once, by the close-registers job's code.
 * 409 before the class starts (every student would be recorded absent from a class that has not
 * happened); 403 for a lecturer the class does not list.
 */
export const closeRegisterRoute = defineRoute({
  id: 'register.close',
  method: 'POST',
  path: '/api/staff/register/:eventRowId/close',
  params: eventRowIdParams,
  response: classRegisterSchema,
  roles: ['TeachingStaff'],
  ownedParams: { eventRowId: 'taughtClass' },
});

export const markPresentBodySchema = z.object({
  attended: z.literal(true),
  /** Why: required once the register has closed (the override changes a final record), audited. */
  reason: z.optional(changeReason),
});
export type MarkPresentBody = z.infer<typeof markPresentBodySchema>;

/** The field error of an override after close without a reason. */
export const overrideReasonMessage = 'Give a short reason for changing a closed register.';

/**
 * Marks a student of the class present (they could not register): an audited override, allowed
 * until {@link registerOverrideDays} days after the class. 404 for a student not on the class.
 */
export const markPresentRoute = defineRoute({
  id: 'register.markPresent',
  method: 'PUT',
  path: '/api/staff/register/:eventRowId/students/:studentUserId',
  params: z.object({ eventRowId: rowIdParam, studentUserId: rowIdParam }),
  body: markPresentBodySchema,
  response: classRegisterSchema,
  roles: ['TeachingStaff'],
  // The student is checked against the class's list, which only its lecturer can reach.
  ownedParams: { eventRowId: 'taughtClass', studentUserId: null },
});

export const moveClassBodySchema = z.object({
  /** The new start: London wall clock `YYYY-MM-DDTHH:mm(:ss)`, or an instant with an offset. */
  newStart: isoDateTime,
  /** A room id such as 'ENG-2.03'; omitted: the class keeps its room. */
  roomId: z.optional(text(textLimits.short).check(z.minLength(1))),
  /** Why it moves: optional, audited and included in the students' notification. */
  reason: z.optional(changeReason),
  /** Move even though the new time clashes (the 409's list was shown and accepted); audited. */
  confirmClashes: z.optional(z.boolean()),
});
export type MoveClassBody = z.infer<typeof moveClassBodySchema>;

export const moveClassResultSchema = z.object({
  rowId,
  startTime: isoDateTime,
  roomId: z.nullable(z.string()),
  /** People told about it now: 0 when nothing changed. */
  notified: z.int().check(z.nonnegative()),
});
export type MoveClassResult = z.infer<typeof moveClassResultSchema>;

/**
 * Moves a class to a new time and/or room, in the same academic year, and tells its students and
 * staff. A lecturer the class lists, or any administrator (403 for anyone else). 400 for a time
 * that has begun or is past. 409 when the new time clashes (its room is taken, its lecturers teach
 * something else then, some of its students have another class): `errors.clashes` lists them, and
 * the move goes ahead only when sent again with `confirmClashes: true`.
 */
export const moveClassRoute = defineRoute({
  id: 'timetable.moveClass',
  method: 'POST',
  path: '/api/staff/timetable/events/:rowId/move',
  params: z.object({ rowId: rowIdParam }),
  body: moveClassBodySchema,
  response: moveClassResultSchema,
  // TeachingStaff first: the route matrix tries another lecturer's class with it.
  roles: ['TeachingStaff', 'Administrator'],
  ownedParams: { rowId: 'taughtClass' },
  invalidates: ['timetable'],
});

/** The rooms a class can move to. */
export const roomOptionSchema = z.object({ roomId: z.string(), roomName: z.string() });
export const roomOptionsRoute = defineRoute({
  id: 'timetable.moveRooms',
  method: 'GET',
  path: '/api/staff/timetable/rooms',
  response: z.array(roomOptionSchema),
  roles: ['TeachingStaff', 'Administrator'],
});

export const checkInRequirementBodySchema = z.object({
  /** On: students of every class of this module must enter the code projected in the room to register. */
  requiresCheckInCode: z.boolean(),
});
export type CheckInRequirementBody = z.infer<typeof checkInRequirementBodySchema>;

/**
 * Turns the check-in code on or off for the class's module (issue 31 §5; default off), audited
 * (`register.checkInCode`). For the lecturers the class lists and administrators (403 otherwise).
 */
export const setCheckInRequirementRoute = defineRoute({
  id: 'register.setCheckInRequirement',
  method: 'PUT',
  path: '/api/staff/register/:eventRowId/check-in',
  params: eventRowIdParams,
  body: checkInRequirementBodySchema,
  response: classRegisterSchema,
  // TeachingStaff first: the route matrix tries another lecturer's class with it.
  roles: ['TeachingStaff', 'Administrator'],
  ownedParams: { eventRowId: 'taughtClass' },
});

/** The code to project now: six digits, and when the next one replaces it. */
export const checkInCodeSchema = z.object({
  code: z.string().check(z.regex(/^\d{6}$/)),
  /** When this code first showed, and when the next one replaces it (every 30 s). */
  shownFrom: isoDateTime,
  changesAt: isoDateTime,
  /** Students can still register with it until then (90 s after it first showed). */
  acceptedUntil: isoDateTime,
});
export type CheckInCode = z.infer<typeof checkInCodeSchema>;

/**
 * The check-in code of the class now, derived from its secret and the server's clock: for the
 * lecturers the class lists and administrators (403 otherwise), never for students. 409 while the
 * module does not ask for one or the class is cancelled.
 */
export const getCheckInCodeRoute = defineRoute({
  id: 'register.checkInCode',
  method: 'GET',
  path: '/api/staff/register/:eventRowId/check-in/code',
  params: eventRowIdParams,
  response: checkInCodeSchema,
  roles: ['TeachingStaff', 'Administrator'],
  ownedParams: { eventRowId: 'taughtClass' },
});

export const staffRegisterRoutes = [
  getRegisterRoute, closeRegisterRoute, markPresentRoute, moveClassRoute, roomOptionsRoute, setCheckInRequirementRoute, getCheckInCodeRoute,
] as const;
