import { z } from './zod';
import { isoDateTime, rowId } from './common';
import { defineRoute } from './route';

// Issue 36 §4: attendance outcomes and absence decisions back out to the university's systems, as
// a feed read with a cursor. The mapping of every field (and of the CSV columns) is in
// docs/attendance-export.md.

/** SPEC §3's attendance analysis values. */
export const attendanceOutcomes = ['Cancelled', 'Attended', 'AttendedAssumed', 'Absent', 'AbsentAuthorised', 'AbsentInformed'] as const;

/**
 * How a record came to say what it says:
 * - `selfRegistered`: the student registered in the class's window;
 * - `lecturer`: a lecturer marked the student present while the register was open;
 * - `override`: a lecturer marked the student present after the register closed, with a reason;
 * - `closedRegister`: written when the register closed (the close-registers job or "Close register
 *   now"), from the class and the student's approved absences at that moment;
 * - `absenceDecision`: an absence request's status changed after the register closed (approved,
 *   cancelled, a decision undone) and the record followed it;
 * - `classCancelled`: the class was cancelled after its register closed.
 */
export const attendanceRecordedMethods = ['selfRegistered', 'lecturer', 'override', 'closedRegister', 'absenceDecision', 'classCancelled'] as const;

/** A cursor as it travels: opaque URL-safe text handed out as `nextCursor`. */
export const attendanceCursor = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, 'Expected a cursor as returned in nextCursor'));

/** The feed's page size: default 500, at most 5000. */
export const attendanceFeedLimits = { default: 500, max: 5000 } as const;

const wholeNumberText = (min: number, max: number) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(/^(0|[1-9][0-9]{0,6})$/, 'Expected a whole number written in digits')), z.transform(Number)),
    z.int().check(z.gte(min), z.lte(max)),
  );

export const attendanceFeedQuerySchema = z.object({
  /** Absent: from the beginning. */
  since: z.optional(attendanceCursor),
  limit: z.optional(wholeNumberText(1, attendanceFeedLimits.max)),
});
export type AttendanceFeedQuery = z.infer<typeof attendanceFeedQuerySchema>;

const staffSchema = z.object({
  rowId,
  sourcedId: z.nullable(z.string()),
  userName: z.string(),
});

export const attendanceFeedItemSchema = z.object({
  /** The student's row id here; with `event.rowId`, the key of the record. */
  studentRowId: rowId,
  eventRowId: rowId,
  /** Null only when the student's account no longer exists (then the record is removed too). */
  student: z.nullable(z.object({
    sourcedId: z.nullable(z.string()),
    /** The student number (`identifier` in OneRoster). */
    identifier: z.nullable(z.string()),
  })),
  /** Null only when the class no longer exists (then the record is removed too). */
  event: z.nullable(z.object({
    sourcedId: z.nullable(z.string()),
    name: z.string(),
    type: z.string(),
    /** Monitored: registration is expected (Jisc's EVENT_MANDATORY). */
    mandatory: z.boolean(),
    cancelled: z.boolean(),
    start: isoDateTime,
    end: isoDateTime,
    module: z.object({ sourcedId: z.nullable(z.string()), code: z.string(), name: z.string() }),
    group: z.object({ sourcedId: z.nullable(z.string()), title: z.string(), classCode: z.nullable(z.string()) }),
  })),
  /** The record's SPEC analysis value; null when the record was removed (a class moved to a later time reopens its register). */
  outcome: z.nullable(z.enum(attendanceOutcomes)),
  removed: z.boolean(),
  /** When and how the record came to say this; null for a removed record. */
  recorded: z.nullable(z.object({
    /** Null when not known (a record older than its class's register bookkeeping). */
    at: z.nullable(isoDateTime),
    method: z.enum(attendanceRecordedMethods),
    /** The lecturer who marked the student present (`lecturer`, `override`). */
    by: z.nullable(staffSchema),
    /** The lecturer's reason, for an override. */
    reason: z.nullable(z.string()),
  })),
  /** The approved absence request behind an AbsentAuthorised or AbsentInformed outcome. */
  absence: z.nullable(z.object({
    rowId,
    category: z.string(),
    type: z.enum(['Authorised', 'Informed']),
    start: isoDateTime,
    end: isoDateTime,
    decidedAt: isoDateTime,
  })),
});
export type AttendanceFeedItem = z.infer<typeof attendanceFeedItemSchema>;

export const attendanceFeedSchema = z.object({
  /** Oldest change first; a record changed several times within the page appears once, as it is now. */
  items: z.array(attendanceFeedItemSchema),
  /** Pass as `since` for the next page; the same cursor again when nothing new has committed. */
  nextCursor: attendanceCursor,
  /** More changes are ready now: ask again at once. */
  hasMore: z.boolean(),
});
export type AttendanceFeed = z.infer<typeof attendanceFeedSchema>;

/** Where a CSV answer puts what the JSON body carries beside its items. */
export const attendanceFeedHeaders = { nextCursor: 'X-Next-Cursor', hasMore: 'X-Has-More' } as const;

/**
 * Every attendance record written, changed or removed since `since`, oldest change first, with the
 * cursor to pass next time. `Accept: application/json` (this schema) or `text/csv` (Jisc's
 * attendance columns, the cursor in `X-Next-Cursor`); see docs/attendance-export.md.
 */
export const integrationAttendanceRoute = defineRoute({
  id: 'integration.attendance',
  method: 'GET',
  path: '/api/integration/attendance',
  query: attendanceFeedQuerySchema,
  response: attendanceFeedSchema,
  roles: [],
  scope: 'attendance:read',
});
