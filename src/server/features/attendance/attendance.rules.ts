import { attendanceAnalysis, consecutiveMissedThresholds } from '../../../shared/constants.js';
import type { AttendanceStatus, AttendanceTally, ModuleTally, PeerAnalysis, Trend, YearTally } from '../../../shared/contract/attendance.js';

/**
 * The attendance rules: pure functions over a student's attendance records, no database. The
 * analysis is always derived from the records at request time; no flag or tally is stored.
 *
 * Definitions (summarised in docs/decisions/0043-attendance-analysis-and-registration.md):
 *
 * - **Only past events count.** A record counts once its event has started (eventStart ≤ now).
 * - **Tally.** `total` is every counted record. `cancelled`, `attended`, `assumedAttended`,
 *   `absent`, `informedAbsent` and `authorisedAbsent` count the records with that result.
 *   `monitored` counts the sessions whose attendance was actually taken: every result except
 *   Cancelled and AttendedAssumed (an assumed attendance is what an unmonitored class gets).
 * - **Attendance percentage** = 100 × (attended + assumedAttended) / (total − cancelled −
 *   authorisedAbsent), rounded to one decimal; null when that denominator is 0. Cancelled classes
 *   and authorised absences are left out; an informed absence still counts against.
 * - **Consecutive missed run** (hasCurrentConsecutiveMissedFive / Ten / Twenty): walk the current
 *   academic year's counted records from the most recent backwards (by event start):
 *   Absent and AbsentInformed add one (an informed absence is still a missed class);
 *   Cancelled and AbsentAuthorised are skipped (neither add nor break);
 *   the first Attended or AttendedAssumed ends the run.
 *   A flag is set when the run is at least its threshold (5, 10, 20). A new academic year
 *   starts with no run.
 * - **Trend** compares the percentage of the last 4 weeks, (now − 28 d, now], with that of the
 *   4 weeks before, (now − 56 d, now − 28 d], over all counted records: Up when it rose by at
 *   least 5 points, Down when it fell by at least 5, otherwise (or when either span has no
 *   percentage) Stable.
 * - **Peer analysis**, per module of the current year: the pooled percentage of the other
 *   students enrolled on it that year (the same formula over all their counted records), only
 *   when at least 5 of them contribute records. Only these aggregates are ever produced.
 */

/** What the rules need of a record; callers may pass richer objects. */
export interface RuleRecord {
  readonly result: AttendanceStatus;
  readonly eventStart: Date;
  /** e.g. '2025/26'; labels sort chronologically. */
  readonly academicYear: string;
  readonly moduleCode: string;
  readonly moduleName: string;
}

/** Results counted as present (the percentage's numerator) and as missed (they build a run). */
export const presentResults = ['Attended', 'AttendedAssumed'] as const satisfies readonly AttendanceStatus[];
export const missedResults = ['Absent', 'AbsentInformed'] as const satisfies readonly AttendanceStatus[];
/** The percentage's denominator: every result but Cancelled and AbsentAuthorised. */
export const expectedResults = [...presentResults, ...missedResults] as const;

const isIn = (results: readonly AttendanceStatus[], result: AttendanceStatus): boolean => results.includes(result);

export const isPast = (record: Pick<RuleRecord, 'eventStart'>, now: Date): boolean => record.eventStart.getTime() <= now.getTime();

export function tallyOf(records: Iterable<Pick<RuleRecord, 'result'>>): AttendanceTally {
  const tally: AttendanceTally = {
    total: 0, cancelled: 0, authorisedAbsent: 0, monitored: 0, attended: 0, assumedAttended: 0, absent: 0, informedAbsent: 0,
  };
  const field: Record<AttendanceStatus, Exclude<keyof AttendanceTally, 'total' | 'monitored'>> = {
    Cancelled: 'cancelled', AbsentAuthorised: 'authorisedAbsent', Attended: 'attended',
    AttendedAssumed: 'assumedAttended', Absent: 'absent', AbsentInformed: 'informedAbsent',
  };
  for (const { result } of records) {
    tally.total += 1;
    tally[field[result]] += 1;
    if (result !== 'Cancelled' && result !== 'AttendedAssumed') tally.monitored += 1;
  }
  return tally;
}

/** 100 × present / expected, one decimal; null when nothing was expected. */
export function percentageFrom(present: number, expected: number): number | null {
  if (expected <= 0) return null;
  return Math.round((present / expected) * 1000) / 10;
}

export function percentageOf(tally: AttendanceTally): number | null {
  return percentageFrom(tally.attended + tally.assumedAttended, tally.total - tally.cancelled - tally.authorisedAbsent);
}

export interface MissedRun<R> {
  readonly length: number;
  /**
   * The Attended or AttendedAssumed record that ended the run, walking back; null when the run
   * reaches back to the first record given. The notification for a run is named after it.
   */
  readonly endedBy: R | null;
}

/**
 * The current missed run over the records given (any order, all assumed counted; records that
 * start at the same time keep the order given, newest first).
 */
export function currentMissedRun<R extends Pick<RuleRecord, 'result' | 'eventStart'>>(records: readonly R[]): MissedRun<R> {
  const newestFirst = [...records].sort((a, b) => b.eventStart.getTime() - a.eventStart.getTime());
  let length = 0;
  for (const record of newestFirst) {
    if (isIn(presentResults, record.result)) return { length, endedBy: record };
    if (isIn(missedResults, record.result)) length += 1;
  }
  return { length, endedBy: null };
}

export interface MissedFlags {
  readonly hasCurrentConsecutiveMissedFive: boolean;
  readonly hasCurrentConsecutiveMissedTen: boolean;
  readonly hasCurrentConsecutiveMissedTwenty: boolean;
}

export function missedFlags(run: number): MissedFlags {
  const [five, ten, twenty] = consecutiveMissedThresholds;
  return {
    hasCurrentConsecutiveMissedFive: run >= five,
    hasCurrentConsecutiveMissedTen: run >= ten,
    hasCurrentConsecutiveMissedTwenty: run >= twenty,
  };
}

const DAY_MS = 86_400_000;

export function trendOf(records: readonly Pick<RuleRecord, 'result' | 'eventStart'>[], now: Date): Trend {
  const span = attendanceAnalysis.trendWindowWeeks * 7 * DAY_MS;
  const end = now.getTime();
  const within = (from: number, to: number) => records.filter((r) => r.eventStart.getTime() > from && r.eventStart.getTime() <= to);
  const recent = percentageOf(tallyOf(within(end - span, end)));
  const before = percentageOf(tallyOf(within(end - 2 * span, end - span)));
  if (recent === null || before === null) return 'Stable';
  const change = recent - before;
  // Compared in tenths of a point, so 4.95 never rounds its way to 5 through float error.
  const threshold = attendanceAnalysis.trendThresholdPoints * 10;
  if (Math.round(change * 10) >= threshold) return 'Up';
  if (Math.round(change * 10) <= -threshold) return 'Down';
  return 'Stable';
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** One tally per academic year, newest first; the current year is always there, even if empty. */
export function yearTalliesOf(records: readonly RuleRecord[], currentYear: string): YearTally[] {
  const byYear = groupBy(records, (r) => r.academicYear);
  if (!byYear.has(currentYear)) byYear.set(currentYear, []);
  return [...byYear.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([academicYear, group]) => {
      const tally = tallyOf(group);
      return { academicYear, tally, attendancePercentage: percentageOf(tally) };
    });
}

/** One tally per module, by module code. */
export function moduleTalliesOf(records: readonly RuleRecord[]): ModuleTally[] {
  return [...groupBy(records, (r) => r.moduleCode).entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([moduleCode, group]) => {
      const tally = tallyOf(group);
      return { moduleCode, moduleName: group[0]?.moduleName ?? moduleCode, tally, attendancePercentage: percentageOf(tally) };
    });
}

/** The other students' pooled counts on one module; no identity, only sums. */
export interface PeerAggregate {
  readonly moduleCode: string;
  readonly moduleName: string;
  /** How many other students contributed records. */
  readonly cohort: number;
  /** Their present records and expected records (the percentage's numerator and denominator). */
  readonly present: number;
  readonly expected: number;
}

/** Peer comparisons for the modules whose cohort is large enough, by module code. */
export function peerAnalysesOf(own: readonly ModuleTally[], peers: readonly PeerAggregate[]): PeerAnalysis[] {
  const ownByCode = new Map(own.map((m) => [m.moduleCode, m]));
  return peers
    .filter((peer) => peer.cohort >= attendanceAnalysis.peerCohortMinimum)
    .sort((a, b) => a.moduleCode.localeCompare(b.moduleCode))
    .map((peer) => ({
      moduleCode: peer.moduleCode,
      moduleName: peer.moduleName,
      attendancePercentage: ownByCode.get(peer.moduleCode)?.attendancePercentage ?? null,
      peerAttendancePercentage: percentageFrom(peer.present, peer.expected),
    }));
}

export interface Analysis<R extends RuleRecord> extends MissedFlags {
  /** Counted records of the current year and of earlier years, oldest first. */
  readonly current: R[];
  readonly previous: R[];
  readonly yearTallies: YearTally[];
  /** The current year's modules. */
  readonly moduleTallies: ModuleTally[];
  /** The current year's percentage. */
  readonly attendancePercentage: number | null;
  readonly trend: Trend;
}

/** Everything of the analysis but the peer comparison, from the student's own records. */
export function analyse<R extends RuleRecord>(records: readonly R[], now: Date, currentYear: string): Analysis<R> {
  const counted = records.filter((r) => isPast(r, now)).sort((a, b) => a.eventStart.getTime() - b.eventStart.getTime());
  const current = counted.filter((r) => r.academicYear === currentYear);
  const previous = counted.filter((r) => r.academicYear < currentYear);
  return {
    ...missedFlags(currentMissedRun(current).length),
    current,
    previous,
    yearTallies: yearTalliesOf([...current, ...previous], currentYear),
    moduleTallies: moduleTalliesOf(current),
    attendancePercentage: percentageOf(tallyOf(current)),
    trend: trendOf(counted, now),
  };
}
