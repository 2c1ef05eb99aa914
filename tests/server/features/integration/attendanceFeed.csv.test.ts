import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { attendanceFeedCsv, jiscAttendanceColumns } from '../../../../src/server/features/integration/attendanceFeed.csv.js';
import type { AttendanceFeedItem } from '../../../../src/shared/contract/integrationAttendance.js';

const event: NonNullable<AttendanceFeedItem['event']> = {
  sourcedId: 'evt-1', name: 'Algorithms, "advanced"', type: 'Lecture', mandatory: true, cancelled: false,
  start: '2026-01-12T10:00:00.000Z', end: '2026-01-12T11:00:00.000Z',
  module: { sourcedId: 'course-cs2041-2025', code: 'CS2041', name: 'Algorithms' },
  group: { sourcedId: 'class-cs2041-lec', title: 'CS2041 Lecture', classCode: null },
};

const item = (overrides: Partial<AttendanceFeedItem>): AttendanceFeedItem => ({
  studentRowId: 7, eventRowId: 11,
  student: { sourcedId: 'stu-7', identifier: '2400007' },
  event,
  outcome: 'Attended', removed: false,
  recorded: { at: '2026-01-12T10:03:00.000Z', method: 'selfRegistered', by: null, reason: null },
  absence: null,
  ...overrides,
});

/** The CSV read back by an independent parser, as records keyed by column. */
const readBack = (text: string): Record<string, string>[] => parse(text, { columns: true, record_delimiter: '\r\n' });

describe('the attendance feed as CSV', () => {
  it('has exactly the Jisc attendance columns, in order, even with no rows', () => {
    expect(attendanceFeedCsv([])).toBe(`${jiscAttendanceColumns.join(',')}\r\n`);
    expect(jiscAttendanceColumns).toEqual([
      'STUDENT_ID', 'EVENT_ID', 'EVENT_NAME', 'EVENT_TYPE', 'EVENT_MANDATORY', 'START_TIME', 'END_TIME',
      'EVENT_ATTENDED', 'ATTENDANCE_LATE', 'ATTENDANCE_CATEGORY', 'STAFF_ID', 'MOD_INSTANCE_ID',
    ]);
  });

  it('maps each outcome, the absence category, the marking lecturer and a removed record', () => {
    const rows = readBack(attendanceFeedCsv([
      item({}),
      item({ outcome: 'AttendedAssumed', event: { ...event, mandatory: false } }),
      item({ outcome: 'Absent', recorded: { at: null, method: 'closedRegister', by: null, reason: null } }),
      item({
        outcome: 'AbsentAuthorised',
        absence: { rowId: 3, category: 'Illness', type: 'Authorised', start: event.start, end: event.end, decidedAt: event.start },
      }),
      item({ outcome: 'Cancelled', event: { ...event, cancelled: true } }),
      item({
        recorded: { at: event.end, method: 'override', by: { rowId: 2, sourcedId: null, userName: 'h.marsh' }, reason: '=cmd' },
      }),
      item({ outcome: null, removed: true, recorded: null, student: null, event: null }),
    ]));
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual({
      STUDENT_ID: '2400007', EVENT_ID: 'evt-1', EVENT_NAME: 'Algorithms, "advanced"', EVENT_TYPE: 'Lecture', EVENT_MANDATORY: '1',
      START_TIME: '2026-01-12T10:00:00.000Z', END_TIME: '2026-01-12T11:00:00.000Z', EVENT_ATTENDED: '1', ATTENDANCE_LATE: '',
      ATTENDANCE_CATEGORY: 'Attended', STAFF_ID: '', MOD_INSTANCE_ID: 'course-cs2041-2025',
    });
    expect(rows.map((row) => [row.EVENT_ATTENDED, row.ATTENDANCE_CATEGORY])).toEqual([
      ['1', 'Attended'], ['1', 'AttendedAssumed'], ['0', 'Absent'], ['0', 'AbsentAuthorised: Illness'], ['', 'Cancelled'], ['1', 'Attended'], ['', 'Removed'],
    ]);
    expect(rows[1]?.EVENT_MANDATORY).toBe('0');
    expect(rows[5]?.STAFF_ID).toBe('h.marsh');
    // A removed record whose student and class are gone still names both, by their row ids here.
    expect(rows[6]).toMatchObject({ STUDENT_ID: 'user-7', EVENT_ID: 'event-11', EVENT_NAME: '', MOD_INSTANCE_ID: '' });
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    const [row] = readBack(attendanceFeedCsv([item({ event: { ...event, name: '=HYPERLINK("http://x")' } })]));
    expect(row?.EVENT_NAME).toBe(`'=HYPERLINK("http://x")`);
  });
});
