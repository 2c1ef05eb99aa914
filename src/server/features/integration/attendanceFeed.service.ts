import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AttendanceResult, AbsenceType } from '../../db/schema.domain.js';
import { badRequest } from '../../http/errors.js';
import { attendanceFeedLimits, type AttendanceFeed, type AttendanceFeedItem } from '../../../shared/contract/integrationAttendance.js';

/**
 * The attendance feed (issue 36 §4): every attendance record a transaction wrote, changed or
 * removed since a cursor, oldest change first.
 *
 * The order is the change log's (migration 0035): (txid, id), where txid is the writing
 * transaction's id. A page reads only changes of transactions below the oldest one still running
 * (the snapshot's xmin): all of those have ended, and a transaction still running, or one yet to
 * write, has or will get an id at least that large, so it lands after any cursor handed out
 * before. That is what makes the order commit-safe where a timestamp or a plain sequence is not:
 * with a sequence, a transaction that took number 5 and commits after another took and committed
 * number 6 is skipped by a reader that already moved past 6. The price is lag: a long-running
 * transaction anywhere in the cluster holds the feed back (never skips) until it ends.
 *
 * The cursor is the last (txid, id) read, so it means the same on every instance and after a
 * restart. A record changed again after it was read has a newer change row, so it comes again.
 * Within one page a record changed several times is given once, as it stands now, at the place
 * of its last change in the page.
 */

interface CursorPosition {
  readonly txid: string;
  readonly id: string;
}

const start: CursorPosition = { txid: '0', id: '0' };
const cursorVersion = '1';
const maxXid8 = 2n ** 64n - 1n;
const maxBigint = 2n ** 63n - 1n;

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(`${cursorVersion}:${position.txid}:${position.id}`, 'utf8').toString('base64url');
}

export const malformedCursorMessage = 'The cursor is not one this feed handed out.';

/** The position a cursor names; a 400 keyed `since` for text this feed did not hand out. */
export function decodeCursor(cursor: string | undefined): CursorPosition {
  if (cursor === undefined) return start;
  const refuse = () => badRequest(malformedCursorMessage, { since: ['Pass a nextCursor from an earlier answer, or leave since out to start from the beginning.'] });
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw refuse();
  const match = /^1:(0|[1-9][0-9]{0,19}):(0|[1-9][0-9]{0,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw refuse();
  const [, txid = '', id = ''] = match;
  if (BigInt(txid) > maxXid8 || BigInt(id) > maxBigint) throw refuse();
  // One spelling per position: text that decodes to the same digits another way is not ours.
  if (encodeCursor({ txid, id }) !== cursor) throw refuse();
  return { txid, id };
}

interface ChangeRow {
  readonly id: string;
  readonly txid: string;
  readonly student_user_id: number;
  readonly event_id: number;
}

interface DetailRow {
  readonly student_user_id: number;
  readonly event_id: number;
  readonly student_exists: boolean;
  readonly student_sourced_id: string | null;
  readonly student_identifier: string | null;
  readonly event_exists: boolean;
  readonly event_sourced_id: string | null;
  readonly event_name: string | null;
  readonly event_type: string | null;
  readonly is_monitored: boolean | null;
  readonly is_cancelled: boolean | null;
  readonly starts_at: Date | null;
  readonly ends_at: Date | null;
  readonly register_closed_at: Date | null;
  readonly event_last_modified: Date | null;
  readonly module_sourced_id: string | null;
  readonly module_code: string | null;
  readonly module_name: string | null;
  readonly group_sourced_id: string | null;
  readonly group_title: string | null;
  readonly group_class_code: string | null;
  readonly analysis_result: AttendanceResult | null;
  readonly registered_at: Date | null;
  readonly marker_id: number | null;
  readonly marker_sourced_id: string | null;
  readonly marker_user_name: string | null;
  readonly override_reason: string | null;
  readonly override_after_close: boolean | null;
  readonly absence_id: number | null;
  readonly absence_category: string | null;
  readonly absence_type: AbsenceType | null;
  readonly absence_start: Date | null;
  readonly absence_end: Date | null;
  readonly absence_decided_at: Date | null;
  readonly latest_absence_change: Date | null;
}

/** The changes after `position` that are safe to hand out, at most `limit` + 1 of them. */
async function readChanges(db: Db, position: CursorPosition, limit: number): Promise<ChangeRow[]> {
  const { rows } = await sql<ChangeRow>`
    select c.id::text as id, c.txid::text as txid, c.student_user_id, c.event_id
    from attendance_changes c
    where c.txid < pg_snapshot_xmin(pg_current_snapshot())
      and (c.txid, c.id) > (${position.txid}::xid8, ${position.id}::bigint)
    order by c.txid, c.id
    limit ${limit + 1}`.execute(db);
  return rows;
}

/** Each (student, class) as it stands now, with what the feed says about how it was recorded. */
async function readDetails(db: Db, keys: readonly { studentUserId: number; eventId: number }[]): Promise<DetailRow[]> {
  const students = keys.map((key) => key.studentUserId);
  const events = keys.map((key) => key.eventId);
  const { rows } = await sql<DetailRow>`
    select k.student_user_id, k.event_id,
      u.id is not null as student_exists, u.sourced_id as student_sourced_id, u.student_id as student_identifier,
      e.id is not null as event_exists, e.sourced_id as event_sourced_id, coalesce(e.title, m.name) as event_name,
      e.event_type, e.is_monitored, e.is_cancelled, e.starts_at,
      e.starts_at + make_interval(mins => e.duration_minutes) as ends_at,
      e.register_closed_at, e.last_modified as event_last_modified,
      m.sourced_id as module_sourced_id, m.code as module_code, m.name as module_name,
      g.sourced_id as group_sourced_id, g.title as group_title, g.class_code as group_class_code,
      r.analysis_result, reg.registered_at,
      marker.id as marker_id, marker.sourced_id as marker_sourced_id, marker.user_name as marker_user_name,
      ov.reason as override_reason, ov.after_close as override_after_close,
      ab.id as absence_id, ab.category as absence_category, ab.absence_type, ab.absence_start, ab.absence_end,
      ab.decided_at as absence_decided_at,
      moved.at as latest_absence_change
    from unnest(${students}::int[], ${events}::int[]) as k(student_user_id, event_id)
    left join users u on u.id = k.student_user_id
    left join timetable_events e on e.id = k.event_id
    left join modules m on m.id = e.module_id
    left join teaching_groups g on g.id = e.group_id
    left join attendance_records r on r.student_user_id = k.student_user_id and r.event_id = k.event_id
    left join attendance_registrations reg on reg.student_user_id = k.student_user_id and reg.event_id = k.event_id
    left join users marker on marker.id = reg.marked_by_user_id
    -- The lecturer's latest "Mark present" of this student at this class, from the audit log.
    left join lateral (
      select a.detail -> 'context' ->> 'reason' as reason, (a.detail -> 'context' ->> 'registerClosed')::boolean as after_close
      from audit_log a
      where reg.marked_by_user_id is not null
        and a.detail -> 'target' ->> 'type' = 'timetableEvent'
        and a.detail -> 'target' ->> 'id' = e.id::text
        and a.action = 'register.override'
        and a.detail -> 'after' ->> 'studentUserId' = k.student_user_id::text
      order by a.at desc, a.id desc
      limit 1
    ) ov on true
    -- The approved request behind an absence outcome: Authorised wins (as closing decides), then the latest.
    left join lateral (
      select q.id, c.name as category, c.absence_type, q.absence_start, q.absence_end, q.status_changed_at as decided_at
      from absence_requests q
      join absence_categories c on c.id = q.category_id
      where r.analysis_result in ('AbsentAuthorised', 'AbsentInformed')
        and q.student_user_id = k.student_user_id and q.status = 'Approved'
        and q.absence_start < e.starts_at + make_interval(mins => e.duration_minutes)
        and q.absence_end > e.starts_at
      order by (c.absence_type = 'Authorised') desc, q.status_changed_at desc, q.id desc
      limit 1
    ) ab on true
    -- The latest status change of any request covering the class: what moved a closed record since.
    left join lateral (
      select max(q.status_changed_at) as at
      from absence_requests q
      where q.student_user_id = k.student_user_id
        and q.absence_start < e.starts_at + make_interval(mins => e.duration_minutes)
        and q.absence_end > e.starts_at
    ) moved on true`.execute(db);
  return rows;
}

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

const isLater = (value: Date | null, than: Date | null): value is Date => value !== null && than !== null && value > than;

/** When and how the record came to say what it says (see `attendanceRecordedMethods`). */
function recordedOf(row: DetailRow): NonNullable<AttendanceFeedItem['recorded']> {
  const closedAt = row.register_closed_at;
  const closing = { at: iso(closedAt), method: 'closedRegister', by: null, reason: null } as const;
  if (row.analysis_result === 'Cancelled') {
    const cancelledLater = closedAt === null || isLater(row.event_last_modified, closedAt);
    return cancelledLater ? { at: iso(row.event_last_modified), method: 'classCancelled', by: null, reason: null } : closing;
  }
  if (row.registered_at !== null && row.analysis_result === 'Attended') {
    if (row.marker_id === null) return { at: iso(row.registered_at), method: 'selfRegistered', by: null, reason: null };
    const afterClose = row.override_after_close ?? (closedAt !== null && row.registered_at >= closedAt);
    return {
      at: iso(row.registered_at),
      method: afterClose ? 'override' : 'lecturer',
      by: { rowId: row.marker_id, sourcedId: row.marker_sourced_id, userName: row.marker_user_name ?? '' },
      reason: afterClose ? row.override_reason : null,
    };
  }
  if (row.absence_id !== null && isLater(row.absence_decided_at, closedAt)) {
    return { at: iso(row.absence_decided_at), method: 'absenceDecision', by: null, reason: null };
  }
  if (row.absence_id === null && isLater(row.latest_absence_change, closedAt)) {
    return { at: iso(row.latest_absence_change), method: 'absenceDecision', by: null, reason: null };
  }
  return closing;
}

function itemOf(row: DetailRow): AttendanceFeedItem {
  const removed = row.analysis_result === null;
  const event = row.event_exists && row.starts_at && row.ends_at
    ? {
      sourcedId: row.event_sourced_id,
      name: row.event_name ?? '',
      type: row.event_type ?? '',
      mandatory: row.is_monitored ?? false,
      cancelled: row.is_cancelled ?? false,
      start: row.starts_at.toISOString(),
      end: row.ends_at.toISOString(),
      module: { sourcedId: row.module_sourced_id, code: row.module_code ?? '', name: row.module_name ?? '' },
      group: { sourcedId: row.group_sourced_id, title: row.group_title ?? '', classCode: row.group_class_code },
    }
    : null;
  const absence = row.absence_id !== null && row.absence_category !== null && row.absence_type !== null
    && row.absence_start && row.absence_end && row.absence_decided_at
    ? {
      rowId: row.absence_id,
      category: row.absence_category,
      type: row.absence_type,
      start: row.absence_start.toISOString(),
      end: row.absence_end.toISOString(),
      decidedAt: row.absence_decided_at.toISOString(),
    }
    : null;
  return {
    studentRowId: row.student_user_id,
    eventRowId: row.event_id,
    student: row.student_exists ? { sourcedId: row.student_sourced_id, identifier: row.student_identifier } : null,
    event,
    outcome: row.analysis_result,
    removed,
    recorded: removed ? null : recordedOf(row),
    absence: removed ? null : absence,
  };
}

export interface FeedRequest {
  readonly since?: string;
  readonly limit?: number;
}

/** One page of the feed after `since` (from the beginning without it). */
export async function readAttendanceFeed(db: Db, request: FeedRequest): Promise<AttendanceFeed> {
  const position = decodeCursor(request.since);
  const limit = Math.min(Math.max(request.limit ?? attendanceFeedLimits.default, 1), attendanceFeedLimits.max);
  const read = await readChanges(db, position, limit);
  const hasMore = read.length > limit;
  const changes = hasMore ? read.slice(0, limit) : read;
  const last = changes.at(-1);
  const nextCursor = encodeCursor(last ? { txid: last.txid, id: last.id } : position);
  if (changes.length === 0) return { items: [], nextCursor, hasMore: false };

  // Each key once, at the place of its last change in the page.
  const lastPlace = new Map<string, number>();
  changes.forEach((change, index) => lastPlace.set(`${change.student_user_id}:${change.event_id}`, index));
  const keys = [...lastPlace.entries()]
    .sort(([, a], [, b]) => a - b)
    .map(([key]) => {
      const [studentUserId = 0, eventId = 0] = key.split(':').map(Number);
      return { studentUserId, eventId };
    });
  const details = new Map((await readDetails(db, keys)).map((row) => [`${row.student_user_id}:${row.event_id}`, row]));
  const items = keys.flatMap(({ studentUserId, eventId }) => {
    const row = details.get(`${studentUserId}:${eventId}`);
    return row ? [itemOf(row)] : [];
  });
  return { items, nextCursor, hasMore };
}

/**
 * Deletes every change row a later one (in the feed's own order, txid then id) of the same record
 * supersedes. Safe for every cursor: the feed gives a record as it is now, so a reader behind the
 * deleted row still meets the record at the later row, and a reader past both needs neither.
 * Returns how many rows went. The housekeeping job runs it nightly (housekeeping.jobs.ts).
 */
export async function pruneSupersededChanges(db: Db): Promise<number> {
  const result = await sql`
    DELETE FROM attendance_changes c
    USING attendance_changes later
    WHERE later.student_user_id = c.student_user_id AND later.event_id = c.event_id
      AND (later.txid, later.id) > (c.txid, c.id)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
