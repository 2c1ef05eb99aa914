import type { ColumnType, Generated } from 'kysely';

/**
 * The attendance feed's change log (0035): one row per (student, class) whose feed entry a
 * transaction changed, written by triggers. `txid` is the writing transaction's xid8, read and
 * compared as text by the feed's raw SQL; never written by the app.
 */
export interface AttendanceChangesTable {
  /** bigserial: read as a string (pg's int8). */
  id: Generated<string>;
  txid: ColumnType<string, never, never>;
  student_user_id: number;
  event_id: number;
}

export interface AttendanceFeedTables {
  attendance_changes: AttendanceChangesTable;
}
