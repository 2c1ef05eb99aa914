import { describe, expect, it } from 'vitest';
import type { AttendanceStatus } from '../../../../src/shared/contract/attendance.js';
import {
  analyse,
  currentMissedRun,
  missedFlags,
  peerAnalysesOf,
  percentageOf,
  tallyOf,
  trendOf,
  type PeerAggregate,
  type RuleRecord,
} from '../../../../src/server/features/attendance/attendance.rules.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const YEAR = '2026/27';
const HOUR = 3_600_000;

/** Records one hour apart, the last one an hour before NOW, in the order given. */
function sequence(results: readonly AttendanceStatus[], options: { module?: string; year?: string; endHoursAgo?: number } = {}): RuleRecord[] {
  const end = NOW.getTime() - (options.endHoursAgo ?? 1) * HOUR;
  return results.map((result, i) => ({
    result,
    eventStart: new Date(end - (results.length - 1 - i) * HOUR),
    academicYear: options.year ?? YEAR,
    moduleCode: options.module ?? 'CS1001',
    moduleName: `Module ${options.module ?? 'CS1001'}`,
  }));
}

const repeat = (result: AttendanceStatus, n: number): AttendanceStatus[] => Array.from({ length: n }, () => result);
const flagsFor = (results: readonly AttendanceStatus[]) => missedFlags(currentMissedRun(sequence(results)).length);

describe('tallyOf and percentageOf', () => {
  it('counts each result, monitored as every result but Cancelled and AttendedAssumed', () => {
    const results: AttendanceStatus[] = [
      'Attended', 'Attended', 'Attended', 'AttendedAssumed', 'AttendedAssumed',
      'Absent', 'AbsentInformed', 'AbsentAuthorised', 'Cancelled', 'Cancelled',
    ];
    expect(tallyOf(sequence(results))).toEqual({
      total: 10, cancelled: 2, authorisedAbsent: 1, monitored: 6, attended: 3, assumedAttended: 2, absent: 1, informedAbsent: 1,
    });
  });

  it('is (attended + assumed) / (total − cancelled − authorised), one decimal, informed absences against', () => {
    // 5 present of 7 expected (2 cancelled and 1 authorised left out) = 71.43 %.
    const results: AttendanceStatus[] = [
      'Attended', 'Attended', 'Attended', 'AttendedAssumed', 'AttendedAssumed',
      'Absent', 'AbsentInformed', 'AbsentAuthorised', 'Cancelled', 'Cancelled',
    ];
    expect(percentageOf(tallyOf(sequence(results)))).toBe(71.4);
    expect(percentageOf(tallyOf(sequence(['Attended', 'AbsentAuthorised'])))).toBe(100);
    expect(percentageOf(tallyOf(sequence(['AbsentInformed', 'Attended'])))).toBe(50);
  });

  it('is null when nothing was expected', () => {
    expect(percentageOf(tallyOf([]))).toBeNull();
    expect(percentageOf(tallyOf(sequence(['Cancelled', 'AbsentAuthorised'])))).toBeNull();
  });
});

describe('the consecutive missed run', () => {
  it.each([
    [4, false, false, false],
    [5, true, false, false],
    [9, true, false, false],
    [10, true, true, false],
    [19, true, true, false],
    [20, true, true, true],
    [27, true, true, true],
  ])('%i misses in a row after an attendance: five %s, ten %s, twenty %s', (n, five, ten, twenty) => {
    expect(currentMissedRun(sequence(['Attended', ...repeat('Absent', n)])).length).toBe(n);
    expect(flagsFor(['Attended', ...repeat('Absent', n)])).toEqual({
      hasCurrentConsecutiveMissedFive: five, hasCurrentConsecutiveMissedTen: ten, hasCurrentConsecutiveMissedTwenty: twenty,
    });
  });

  it('counts AbsentInformed as missed', () => {
    expect(currentMissedRun(sequence(['Attended', 'Absent', 'AbsentInformed', 'Absent', 'AbsentInformed', 'AbsentInformed'])).length).toBe(5);
  });

  it('skips Cancelled and AbsentAuthorised inside a run: they neither add nor break', () => {
    const four = ['Absent', 'Absent', 'Cancelled', 'AbsentAuthorised', 'Absent', 'Absent'] as const;
    expect(currentMissedRun(sequence(['Attended', ...four])).length).toBe(4);
    expect(flagsFor(['Attended', ...four]).hasCurrentConsecutiveMissedFive).toBe(false);
    const five = [...four, 'Cancelled', 'Absent'] as const;
    expect(flagsFor(['Attended', ...five]).hasCurrentConsecutiveMissedFive).toBe(true);
    // Nine misses with skips between them, then the tenth.
    const nine = [...repeat('Absent', 4), 'AbsentAuthorised', ...repeat('Absent', 5), 'Cancelled'] as AttendanceStatus[];
    expect(flagsFor(nine).hasCurrentConsecutiveMissedTen).toBe(false);
    expect(flagsFor([...nine, 'Absent']).hasCurrentConsecutiveMissedTen).toBe(true);
    const nineteen = [...repeat('Absent', 10), 'Cancelled', 'Cancelled', ...repeat('Absent', 9)] as AttendanceStatus[];
    expect(flagsFor(nineteen).hasCurrentConsecutiveMissedTwenty).toBe(false);
    expect(flagsFor([...nineteen, 'AbsentAuthorised', 'AbsentInformed']).hasCurrentConsecutiveMissedTwenty).toBe(true);
  });

  it('is ended by an Attended or an AttendedAssumed', () => {
    expect(currentMissedRun(sequence([...repeat('Absent', 20), 'Attended', ...repeat('Absent', 4)])).length).toBe(4);
    expect(currentMissedRun(sequence([...repeat('Absent', 20), 'AttendedAssumed', ...repeat('Absent', 9)])).length).toBe(9);
    expect(currentMissedRun(sequence([...repeat('Absent', 20), 'Attended'])).length).toBe(0);
    expect(currentMissedRun(sequence(repeat('Absent', 6))).length).toBe(6);
  });

  it('follows event start order, not the order given', () => {
    const records = sequence(['Attended', ...repeat('Absent', 5)]);
    expect(currentMissedRun([...records].reverse()).length).toBe(5);
  });

  it('names the attended record that ended the run, or none when the run reaches the first record', () => {
    const records = sequence(['Absent', 'Attended', 'AbsentInformed', 'Cancelled', 'Absent']);
    expect(currentMissedRun(records)).toEqual({ length: 2, endedBy: records[1] });
    const assumed = sequence(['Absent', 'AttendedAssumed', 'Absent', 'AbsentAuthorised', 'Cancelled', 'Absent']);
    expect(currentMissedRun(assumed)).toEqual({ length: 2, endedBy: assumed[1] });
    expect(currentMissedRun(sequence(['Absent', 'Absent']))).toEqual({ length: 2, endedBy: null });
    expect(currentMissedRun(sequence(['Absent', 'Attended'])).length).toBe(0);
  });

  it('keeps the order given for records that start at the same time', () => {
    const at = new Date(NOW.getTime() - HOUR);
    const same = [
      { eventId: 2, result: 'Attended' as const, eventStart: at },
      { eventId: 1, result: 'Absent' as const, eventStart: at },
    ];
    expect(currentMissedRun(same)).toEqual({ length: 0, endedBy: same[0] });
  });
});

describe('analyse', () => {
  it('counts only past events and only the current year for the flags', () => {
    const lastYear = sequence(repeat('Absent', 20), { year: '2025/26', endHoursAgo: 24 * 60 });
    const thisYear = sequence(['Attended', ...repeat('Absent', 4)]);
    const future = { ...sequence(['Absent'])[0]!, eventStart: new Date(NOW.getTime() + HOUR) };
    const analysis = analyse([...lastYear, ...thisYear, future], NOW, YEAR);
    expect(analysis.hasCurrentConsecutiveMissedFive).toBe(false);
    expect(analysis.current).toHaveLength(5);
    expect(analysis.previous).toHaveLength(20);
    expect(analysis.yearTallies.map((y) => [y.academicYear, y.tally.total])).toEqual([[YEAR, 5], ['2025/26', 20]]);
    expect(analysis.attendancePercentage).toBe(20);
  });

  it('includes an empty current year and tallies each module of it', () => {
    const analysis = analyse(
      [...sequence(['Attended', 'Absent'], { module: 'CS2002' }), ...sequence(['Attended', 'Cancelled', 'AttendedAssumed'], { module: 'CS1001' })],
      NOW, YEAR,
    );
    expect(analysis.moduleTallies.map((m) => [m.moduleCode, m.tally.total, m.attendancePercentage])).toEqual([
      ['CS1001', 3, 100], ['CS2002', 2, 50],
    ]);
    expect(analyse([], NOW, YEAR).yearTallies).toEqual([{ academicYear: YEAR, tally: tallyOf([]), attendancePercentage: null }]);
  });
});

describe('trendOf', () => {
  const DAY = 24 * HOUR;
  const at = (daysAgo: number, result: AttendanceStatus) => ({ result, eventStart: new Date(NOW.getTime() - daysAgo * DAY) });
  /** `present` of 20 in the 4 weeks before last, and of 20 in the last 4 weeks. */
  const spans = (before: number, recent: number) => [
    ...Array.from({ length: 20 }, (_, i) => at(30 + i, i < before ? 'Attended' : 'Absent')),
    ...Array.from({ length: 20 }, (_, i) => at(1 + i, i < recent ? 'Attended' : 'Absent')),
  ];

  it('is Up or Down from a change of 5 points, Stable below', () => {
    expect(trendOf(spans(10, 11), NOW)).toBe('Up'); // 50 → 55
    expect(trendOf(spans(11, 10), NOW)).toBe('Down'); // 55 → 50
    expect(trendOf(spans(10, 10), NOW)).toBe('Stable');
    expect(trendOf([...spans(10, 11), at(40, 'Attended')], NOW)).toBe('Stable'); // 52.4 → 55: 2.6 points
  });

  it('is Stable when either span has no percentage', () => {
    expect(trendOf(spans(10, 20).filter((r) => r.eventStart.getTime() > NOW.getTime() - 28 * DAY), NOW)).toBe('Stable');
    expect(trendOf([at(40, 'Absent'), at(2, 'Cancelled')], NOW)).toBe('Stable');
  });

  it('leaves out events older than 8 weeks', () => {
    expect(trendOf([at(60, 'Absent'), at(40, 'Attended'), at(2, 'Attended')], NOW)).toBe('Stable');
  });
});

describe('peerAnalysesOf', () => {
  const peer = (moduleCode: string, cohort: number): PeerAggregate => ({ moduleCode, moduleName: moduleCode, cohort, present: 30, expected: 40 });
  const own = analyse(sequence(['Attended', 'Absent'], { module: 'CS1001' }), NOW, YEAR).moduleTallies;

  it('compares a module only when 5 or more peers contribute', () => {
    expect(peerAnalysesOf(own, [peer('CS1001', 4)])).toEqual([]);
    expect(peerAnalysesOf(own, [peer('CS1001', 5), peer('CS9999', 7)])).toEqual([
      { moduleCode: 'CS1001', moduleName: 'CS1001', attendancePercentage: 50, peerAttendancePercentage: 75 },
      { moduleCode: 'CS9999', moduleName: 'CS9999', attendancePercentage: null, peerAttendancePercentage: 75 },
    ]);
  });
});
