import { csvField } from '../../../shared/format/csvField.js';
import type { AttendanceFeedItem } from '../../../shared/contract/integrationAttendance.js';

/**
 * The attendance feed as CSV, in the columns of Jisc's attendance data binding. The mapping, with
 * its reasons, is in docs/attendance-export.md; keep the two in step.
 */
export const jiscAttendanceColumns = [
  'STUDENT_ID', 'EVENT_ID', 'EVENT_NAME', 'EVENT_TYPE', 'EVENT_MANDATORY', 'START_TIME', 'END_TIME',
  'EVENT_ATTENDED', 'ATTENDANCE_LATE', 'ATTENDANCE_CATEGORY', 'STAFF_ID', 'MOD_INSTANCE_ID',
] as const;

type Column = (typeof jiscAttendanceColumns)[number];

/** 1 present, 0 missed (authorised or not), empty when nothing was expected (cancelled, removed). */
function attended(item: AttendanceFeedItem): number | null {
  switch (item.outcome) {
    case 'Attended':
    case 'AttendedAssumed':
      return 1;
    case 'Absent':
    case 'AbsentAuthorised':
    case 'AbsentInformed':
      return 0;
    default:
      return null;
  }
}

/** The outcome, then the absence category behind it: `AbsentAuthorised: Illness`; `Removed` for a removed record. */
function category(item: AttendanceFeedItem): string {
  if (item.removed || item.outcome === null) return 'Removed';
  return item.absence ? `${item.outcome}: ${item.absence.category}` : item.outcome;
}

function rowOf(item: AttendanceFeedItem): Record<Column, string | number | null> {
  const { event } = item;
  return {
    STUDENT_ID: item.student?.identifier ?? item.student?.sourcedId ?? `user-${item.studentRowId}`,
    EVENT_ID: event?.sourcedId ?? `event-${item.eventRowId}`,
    EVENT_NAME: event?.name ?? null,
    EVENT_TYPE: event?.type ?? null,
    EVENT_MANDATORY: event ? (event.mandatory ? 1 : 0) : null,
    START_TIME: event?.start ?? null,
    END_TIME: event?.end ?? null,
    EVENT_ATTENDED: attended(item),
    // Lateness is not recorded: registration is open from before the start to the close.
    ATTENDANCE_LATE: null,
    ATTENDANCE_CATEGORY: category(item),
    STAFF_ID: item.recorded?.by ? (item.recorded.by.sourcedId ?? item.recorded.by.userName) : null,
    MOD_INSTANCE_ID: event ? (event.module.sourcedId ?? event.module.code) : null,
  };
}

/** A header line and one line per item, CRLF-ended (RFC 4180). */
export function attendanceFeedCsv(items: readonly AttendanceFeedItem[]): string {
  const lines = [jiscAttendanceColumns.join(',')];
  for (const item of items) {
    const row = rowOf(item);
    lines.push(jiscAttendanceColumns.map((column) => csvField(row[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
