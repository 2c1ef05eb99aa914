import type { AttendanceAnalysis, AttendanceRecord } from '../../../shared/contract/attendance.js';
import type { Db } from '../../db/database.js';
import { academicYearOf } from '../../calendar/academicCalendar.js';
import { londonIso } from '../timetable/londonTime.js';
import { ownRecords, peerAggregates, type OwnRecordRow } from './analysis.queries.js';
import { analyse, peerAnalysesOf, type RuleRecord } from './attendance.rules.js';

type Row = RuleRecord & { readonly row: OwnRecordRow };

function toRuleRecord(row: OwnRecordRow): Row {
  return {
    result: row.analysis_result,
    eventStart: row.starts_at,
    academicYear: row.academic_year,
    moduleCode: row.module_code,
    moduleName: row.module_name,
    row,
  };
}

function toRecord({ row }: Row): AttendanceRecord {
  return {
    rowId: row.id,
    moduleCode: row.module_code,
    moduleName: row.module_name,
    eventType: row.event_type,
    eventStart: londonIso(row.starts_at),
    academicYear: row.academic_year,
    analysisResult: row.analysis_result,
  };
}

/** The caller's attendance analysis as of `now`, computed from the records (see attendance.rules.ts). */
export async function loadAnalysis(db: Db, userId: number, now: Date): Promise<AttendanceAnalysis> {
  const year = academicYearOf(now).label;
  const [rows, peers] = await Promise.all([ownRecords(db, userId, now), peerAggregates(db, userId, year, now)]);
  const analysis = analyse(rows.map(toRuleRecord), now, year);
  return {
    hasCurrentConsecutiveMissedFive: analysis.hasCurrentConsecutiveMissedFive,
    hasCurrentConsecutiveMissedTen: analysis.hasCurrentConsecutiveMissedTen,
    hasCurrentConsecutiveMissedTwenty: analysis.hasCurrentConsecutiveMissedTwenty,
    attendanceCurrentAcademicYear: analysis.current.map(toRecord),
    attendancePreviousAcademicYears: analysis.previous.map(toRecord),
    peerAnalyses: peerAnalysesOf(analysis.moduleTallies, peers),
    yearTallies: analysis.yearTallies,
    moduleTallies: analysis.moduleTallies,
    attendancePercentage: analysis.attendancePercentage,
    trend: analysis.trend,
  };
}
