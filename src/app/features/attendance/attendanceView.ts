import { consecutiveMissedThresholds } from '../../../shared/constants';
import type {
  AttendanceAnalysis,
  AttendanceRecord,
  AttendanceStatus,
  AttendanceTally,
  Trend,
} from '../../../shared/contract/attendance';

/*
 * What the attendance pages say, as pure functions of the analysis (unit-tested). The figures
 * themselves come from the server (attendance.rules.ts); only the previous years' per-module
 * breakdown is counted here, from the records, with the same definitions.
 */

/** The definition of the percentage, in plain words. */
export const percentageDefinition =
  'Your attendance is the classes you attended (including those where attendance was assumed) out of ' +
  'the classes you were expected at. Cancelled classes and authorised absences are left out; an absence ' +
  'you told us about still counts as missed. Only classes that have already started are counted.';

/** '87.5%', or a sentence when nothing has been counted yet. */
export function percentageText(percentage: number | null): string {
  if (percentage === null) return 'No attendance yet';
  return `${Number.isInteger(percentage) ? percentage : percentage.toFixed(1)}%`;
}

export const trendTexts: Record<Trend, string> = {
  Up: 'Going up: better over the last 4 weeks than the 4 before',
  Down: 'Going down: lower over the last 4 weeks than the 4 before',
  Stable: 'Steady: about the same over the last 4 weeks as the 4 before',
};

export const resultLabels: Record<AttendanceStatus, string> = {
  Attended: 'Attended',
  AttendedAssumed: 'Attended (assumed)',
  Absent: 'Absent',
  AbsentInformed: 'Absent (you told us)',
  AbsentAuthorised: 'Absent (authorised)',
  Cancelled: 'Cancelled',
};

export interface MissedWarning {
  readonly threshold: (typeof consecutiveMissedThresholds)[number];
  readonly title: string;
  readonly text: string;
  readonly isSerious: boolean;
}

type MissedFlags = Pick<
  AttendanceAnalysis,
  'hasCurrentConsecutiveMissedFive' | 'hasCurrentConsecutiveMissedTen' | 'hasCurrentConsecutiveMissedTwenty'
>;

/** The largest consecutive-missed threshold reached (5, 10, 20), or undefined. */
export function missedWarning(flags: MissedFlags): MissedWarning | undefined {
  const [five, ten, twenty] = consecutiveMissedThresholds;
  const threshold = flags.hasCurrentConsecutiveMissedTwenty
    ? twenty
    : flags.hasCurrentConsecutiveMissedTen
      ? ten
      : flags.hasCurrentConsecutiveMissedFive
        ? five
        : undefined;
  if (threshold === undefined) return undefined;
  return {
    threshold,
    title: `You have missed your last ${threshold} or more classes in a row`,
    text:
      threshold === five
        ? 'Missing several classes in a row can make it harder to keep up. If something is getting in the way, support is available.'
        : 'You have missed a lot of classes in a row. Please talk to us: your school and Student Support can help, and your studies may be affected if this continues.',
    isSerious: threshold !== five,
  };
}

export interface TallyColumn {
  readonly key: keyof AttendanceTally;
  readonly label: string;
}

/** The tally columns, in reading order (SPEC §3 attendance tally). */
export const tallyColumns: readonly TallyColumn[] = [
  { key: 'total', label: 'Total' },
  { key: 'attended', label: 'Attended' },
  { key: 'assumedAttended', label: 'Assumed' },
  { key: 'absent', label: 'Absent' },
  { key: 'informedAbsent', label: 'Informed' },
  { key: 'authorisedAbsent', label: 'Authorised' },
  { key: 'cancelled', label: 'Cancelled' },
  { key: 'monitored', label: 'Monitored' },
];

export interface TallyRow {
  readonly id: string;
  readonly label: string;
  /** A second line under the label, e.g. the module's name under its code. */
  readonly detail?: string;
  readonly cells: readonly number[];
  readonly percentage: string;
}

/** One table row: its heading, the tally in column order, and the percentage text. */
export function tallyRow(id: string, label: string, tally: AttendanceTally, percentage: number | null, detail?: string): TallyRow {
  return {
    id,
    label,
    ...(detail ? { detail } : {}),
    cells: tallyColumns.map(({ key }) => tally[key]),
    percentage: percentageText(percentage),
  };
}

const emptyTally = (): AttendanceTally => ({
  total: 0, cancelled: 0, authorisedAbsent: 0, monitored: 0, attended: 0, assumedAttended: 0, absent: 0, informedAbsent: 0,
});

const tallyField: Record<AttendanceStatus, Exclude<keyof AttendanceTally, 'total' | 'monitored'>> = {
  Cancelled: 'cancelled', AbsentAuthorised: 'authorisedAbsent', Attended: 'attended',
  AttendedAssumed: 'assumedAttended', Absent: 'absent', AbsentInformed: 'informedAbsent',
};

/** The tally of some records, by the server's definitions (attendance.rules.ts). */
export function tallyOfRecords(records: readonly Pick<AttendanceRecord, 'analysisResult'>[]): AttendanceTally {
  const tally = emptyTally();
  for (const { analysisResult } of records) {
    tally.total += 1;
    tally[tallyField[analysisResult]] += 1;
    if (analysisResult !== 'Cancelled' && analysisResult !== 'AttendedAssumed') tally.monitored += 1;
  }
  return tally;
}

/** (attended + assumed) / (total − cancelled − authorised), one decimal; null when nothing was expected. */
export function percentageOfTally(tally: AttendanceTally): number | null {
  const expected = tally.total - tally.cancelled - tally.authorisedAbsent;
  if (expected <= 0) return null;
  return Math.round(((tally.attended + tally.assumedAttended) / expected) * 1000) / 10;
}

/** Per-module rows of some records, by module code. */
export function moduleRowsOf(records: readonly AttendanceRecord[]): TallyRow[] {
  const byModule = new Map<string, AttendanceRecord[]>();
  for (const record of records) byModule.set(record.moduleCode, [...(byModule.get(record.moduleCode) ?? []), record]);
  return [...byModule.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, group]) => {
      const tally = tallyOfRecords(group);
      return tallyRow(code, code, tally, percentageOfTally(tally), group[0]?.moduleName);
    });
}

/** Newest first, for the records table. */
export function newestFirst(records: readonly AttendanceRecord[]): AttendanceRecord[] {
  return [...records].sort((a, b) => b.eventStart.localeCompare(a.eventStart));
}

export interface ModuleRecords {
  readonly moduleCode: string;
  readonly moduleName: string;
  readonly records: readonly AttendanceRecord[];
}

/** The records grouped by module, in module-code order; each group keeps the order given. */
export function recordsByModule(records: readonly AttendanceRecord[]): ModuleRecords[] {
  const groups = new Map<string, { moduleCode: string; moduleName: string; records: AttendanceRecord[] }>();
  for (const record of records) {
    const group = groups.get(record.moduleCode);
    if (group) group.records.push(record);
    else groups.set(record.moduleCode, { moduleCode: record.moduleCode, moduleName: record.moduleName, records: [record] });
  }
  return [...groups.values()].sort((a, b) => a.moduleCode.localeCompare(b.moduleCode));
}

export interface WeekPoint {
  /** 'YYYY-MM-DD' of the week's Monday. */
  readonly weekStart: string;
  readonly present: number;
  readonly expected: number;
  readonly percentage: number | null;
}

/** The Monday of an ISO date-time's calendar date, as 'YYYY-MM-DD' (the date part is local time). */
export function mondayOf(isoDateTime: string): string {
  const [year = 0, month = 1, day = 1] = isoDateTime.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** Attendance week by week, oldest first, for the chart. */
export function weeklySeries(records: readonly AttendanceRecord[]): WeekPoint[] {
  const weeks = new Map<string, AttendanceRecord[]>();
  for (const record of records) {
    const key = mondayOf(record.eventStart);
    weeks.set(key, [...(weeks.get(key) ?? []), record]);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([weekStart, group]) => {
      const tally = tallyOfRecords(group);
      return {
        weekStart,
        present: tally.attended + tally.assumedAttended,
        expected: tally.total - tally.cancelled - tally.authorisedAbsent,
        percentage: percentageOfTally(tally),
      };
    });
}

/**
 * The chart's text alternative: how many weeks, and the highest, lowest and latest weekly figure
 * (weeks with no expected class left out).
 */
export function weeklySummary(weeks: readonly WeekPoint[]): string {
  const counted = weeks.filter((week): week is WeekPoint & { percentage: number } => week.percentage !== null);
  const latest = counted.at(-1);
  if (!latest) return `${weeks.length === 1 ? '1 week' : `${weeks.length} weeks`}, none with a class you were expected at.`;
  const values = counted.map((week) => week.percentage);
  const span = counted.length === 1 ? '1 week with classes' : `${counted.length} weeks with classes`;
  return `${span}: highest ${percentageText(Math.max(...values))}, lowest ${percentageText(Math.min(...values))}, latest ${percentageText(latest.percentage)}.`;
}

/** The previous academic years' records, newest year first. */
export function recordsByYear(records: readonly AttendanceRecord[]): Map<string, AttendanceRecord[]> {
  const years = new Map<string, AttendanceRecord[]>();
  for (const record of [...records].sort((a, b) => b.academicYear.localeCompare(a.academicYear))) {
    years.set(record.academicYear, [...(years.get(record.academicYear) ?? []), record]);
  }
  return years;
}
