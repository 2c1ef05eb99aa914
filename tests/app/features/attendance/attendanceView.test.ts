import { describe, expect, it } from 'vitest';
import type { AttendanceRecord, AttendanceStatus } from '../../../../src/shared/contract/attendance';
import {
  missedWarning,
  mondayOf,
  moduleRowsOf,
  percentageOfTally,
  percentageText,
  recordsByModule,
  recordsByYear,
  tallyColumns,
  tallyOfRecords,
  tallyRow,
  weeklySeries,
  weeklySummary,
} from '../../../../src/app/features/attendance/attendanceView';

let nextId = 1;
function record(result: AttendanceStatus, eventStart = '2025-10-06T10:00:00+01:00', moduleCode = 'CS101', academicYear = '2025/26'): AttendanceRecord {
  return { rowId: nextId++, moduleCode, moduleName: `Module ${moduleCode}`, eventType: 'Lecture', eventStart, academicYear, analysisResult: result };
}

const noFlags = { hasCurrentConsecutiveMissedFive: false, hasCurrentConsecutiveMissedTen: false, hasCurrentConsecutiveMissedTwenty: false };

describe('percentageText', () => {
  it('shows whole numbers plainly, one decimal otherwise, and says when nothing was counted', () => {
    expect(percentageText(100)).toBe('100%');
    expect(percentageText(0)).toBe('0%');
    expect(percentageText(87.5)).toBe('87.5%');
    expect(percentageText(null)).toBe('No attendance yet');
  });
});

describe('missedWarning', () => {
  it('shows nothing without a flag', () => {
    expect(missedWarning(noFlags)).toBeUndefined();
  });

  it('shows the largest threshold reached', () => {
    expect(missedWarning({ ...noFlags, hasCurrentConsecutiveMissedFive: true })).toMatchObject({ threshold: 5, isSerious: false });
    expect(missedWarning({ ...noFlags, hasCurrentConsecutiveMissedFive: true, hasCurrentConsecutiveMissedTen: true })).toMatchObject({ threshold: 10, isSerious: true });
    const all = { hasCurrentConsecutiveMissedFive: true, hasCurrentConsecutiveMissedTen: true, hasCurrentConsecutiveMissedTwenty: true };
    expect(missedWarning(all)?.threshold).toBe(20);
    expect(missedWarning(all)?.title).toBe('You have missed your last 20 or more classes in a row');
  });
});

describe('tallies', () => {
  const records = [
    record('Attended'), record('AttendedAssumed'), record('Absent'), record('AbsentInformed'),
    record('AbsentAuthorised'), record('Cancelled'), record('Attended'),
  ];

  it('count every result, with monitored excluding Cancelled and AttendedAssumed', () => {
    expect(tallyOfRecords(records)).toEqual({
      total: 7, attended: 2, assumedAttended: 1, absent: 1, informedAbsent: 1, authorisedAbsent: 1, cancelled: 1, monitored: 5,
    });
  });

  it('give the percentage over the expected classes (no cancelled or authorised), null when none', () => {
    expect(percentageOfTally(tallyOfRecords(records))).toBe(60); // 3 of 5
    expect(percentageOfTally(tallyOfRecords([record('Cancelled'), record('AbsentAuthorised')]))).toBeNull();
    expect(percentageOfTally(tallyOfRecords([record('Attended'), record('Absent'), record('Absent')]))).toBe(33.3);
  });

  it('become table rows in column order', () => {
    const row = tallyRow('2025/26', '2025/26', tallyOfRecords(records), 60);
    expect(tallyColumns.map((c) => c.label)).toEqual(['Total', 'Attended', 'Assumed', 'Absent', 'Informed', 'Authorised', 'Cancelled', 'Monitored']);
    expect(row.cells).toEqual([7, 2, 1, 1, 1, 1, 1, 5]);
    expect(row.percentage).toBe('60%');
  });

  it('group by module, by code', () => {
    const rows = moduleRowsOf([record('Absent', undefined, 'MA200'), record('Attended', undefined, 'CS101'), record('Attended', undefined, 'MA200')]);
    expect(rows[0]?.detail).toBe('Module CS101');
    expect(rows.map((r) => [r.id, r.label, r.percentage])).toEqual([
      ['CS101', 'CS101', '100%'],
      ['MA200', 'MA200', '50%'],
    ]);
  });
});

describe('weeks and years', () => {
  it('find the Monday of a date', () => {
    expect(mondayOf('2025-10-06T10:00:00+01:00')).toBe('2025-10-06');
    expect(mondayOf('2025-10-12T23:30:00+01:00')).toBe('2025-10-06');
    expect(mondayOf('2025-10-13T00:10:00+01:00')).toBe('2025-10-13');
  });

  it('chart attendance week by week, oldest first', () => {
    const series = weeklySeries([
      record('Absent', '2025-10-14T10:00:00+01:00'),
      record('Attended', '2025-10-07T10:00:00+01:00'),
      record('Attended', '2025-10-15T10:00:00+01:00'),
      record('Cancelled', '2025-10-21T10:00:00+01:00'),
    ]);
    expect(series).toEqual([
      { weekStart: '2025-10-06', present: 1, expected: 1, percentage: 100 },
      { weekStart: '2025-10-13', present: 1, expected: 2, percentage: 50 },
      { weekStart: '2025-10-20', present: 0, expected: 0, percentage: null },
    ]);
  });

  it('sum the chart up in a sentence: weeks with classes, highest, lowest and latest', () => {
    const series = weeklySeries([
      record('Absent', '2025-10-14T10:00:00+01:00'),
      record('Attended', '2025-10-07T10:00:00+01:00'),
      record('Attended', '2025-10-15T10:00:00+01:00'),
      record('Cancelled', '2025-10-21T10:00:00+01:00'),
    ]);
    expect(weeklySummary(series)).toBe('2 weeks with classes: highest 100%, lowest 50%, latest 50%.');
    expect(weeklySummary(series.slice(0, 1))).toBe('1 week with classes: highest 100%, lowest 100%, latest 100%.');
    expect(weeklySummary(series.slice(2))).toBe('1 week, none with a class you were expected at.');
  });

  it('list previous years newest first', () => {
    const years = recordsByYear([record('Attended', undefined, 'A', '2023/24'), record('Absent', undefined, 'A', '2024/25')]);
    expect([...years.keys()]).toEqual(['2024/25', '2023/24']);
  });
});

describe('recordsByModule', () => {
  it('groups the records by module, in module-code order, each keeping the order given', () => {
    const late = record('Absent', '2025-10-20T10:00:00+01:00', 'CS201');
    const early = record('Attended', '2025-10-06T10:00:00+01:00', 'CS201');
    const other = record('AttendedAssumed', '2025-10-07T10:00:00+01:00', 'CS101');
    expect(recordsByModule([late, other, early])).toEqual([
      { moduleCode: 'CS101', moduleName: 'Module CS101', records: [other] },
      { moduleCode: 'CS201', moduleName: 'Module CS201', records: [late, early] },
    ]);
    expect(recordsByModule([])).toEqual([]);
  });
});
