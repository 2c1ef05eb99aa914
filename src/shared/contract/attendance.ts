import { z } from './zod';
import { isoDateTime, rowId, text, textLimits } from './common';
import { defineRoute, raw } from './route';

/** SPEC §3 attendance status, also the analysisResult of each record. */
export const attendanceStatusSchema = z.enum([
  'Cancelled',
  'Attended',
  'AttendedAssumed',
  'Absent',
  'AbsentAuthorised',
  'AbsentInformed',
]);
export type AttendanceStatus = z.infer<typeof attendanceStatusSchema>;

export const trendSchema = z.enum(['Up', 'Down', 'Stable']);
export type Trend = z.infer<typeof trendSchema>;

/** One monitored (or cancelled) session in the analysis. */
export const attendanceRecordSchema = z.object({
  rowId,
  moduleCode: z.string(),
  moduleName: z.string(),
  eventType: z.string(),
  eventStart: isoDateTime,
  /** e.g. '2024/25'. */
  academicYear: z.string(),
  analysisResult: attendanceStatusSchema,
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

const count = z.int().check(z.nonnegative());

/** SPEC §3 attendance tally. */
export const attendanceTallySchema = z.object({
  total: count,
  cancelled: count,
  authorisedAbsent: count,
  monitored: count,
  attended: count,
  assumedAttended: count,
  absent: count,
  informedAbsent: count,
});
export type AttendanceTally = z.infer<typeof attendanceTallySchema>;

/** A 0–100 percentage, null when nothing was monitored. */
const percentage = z.nullable(z.number().check(z.gte(0), z.lte(100)));

/** Tally of one academic year. */
export const yearTallySchema = z.object({
  academicYear: z.string(),
  tally: attendanceTallySchema,
  attendancePercentage: percentage,
});
export type YearTally = z.infer<typeof yearTallySchema>;

/** Tally of one module in the current academic year. */
export const moduleTallySchema = z.object({
  moduleCode: z.string(),
  moduleName: z.string(),
  tally: attendanceTallySchema,
  attendancePercentage: percentage,
});
export type ModuleTally = z.infer<typeof moduleTallySchema>;

/** The student's attendance against that of peers on the same module. */
export const peerAnalysisSchema = z.object({
  moduleCode: z.string(),
  moduleName: z.string(),
  attendancePercentage: percentage,
  peerAttendancePercentage: percentage,
});
export type PeerAnalysis = z.infer<typeof peerAnalysisSchema>;

/** SPEC §3 attendance analysis, plus tallies, an overall percentage and a trend. */
export const attendanceAnalysisSchema = z.object({
  hasCurrentConsecutiveMissedFive: z.boolean(),
  hasCurrentConsecutiveMissedTen: z.boolean(),
  hasCurrentConsecutiveMissedTwenty: z.boolean(),
  attendanceCurrentAcademicYear: z.array(attendanceRecordSchema),
  attendancePreviousAcademicYears: z.array(attendanceRecordSchema),
  peerAnalyses: z.array(peerAnalysisSchema),
  yearTallies: z.array(yearTallySchema),
  moduleTallies: z.array(moduleTallySchema),
  /** Current academic year. */
  attendancePercentage: percentage,
  trend: trendSchema,
});
export type AttendanceAnalysis = z.infer<typeof attendanceAnalysisSchema>;

/** SPEC §3 network status: is the caller on the campus wireless network. */
export const networkStatusSchema = z.object({ connected: z.boolean() });
export type NetworkStatus = z.infer<typeof networkStatusSchema>;

/** PUT /api/attendance/register body; a 400 carries errors keyed by field (NetworkConnection, checkInCode). */
export const attendanceRegistrationSchema = z.object({
  /** The timetable entry being registered for. */
  timetableEntryRowId: rowId,
  isAttendanceMonitored: z.boolean(),
  /** The code the lecturer projects, as typed or scanned, when the class asks for one (issue 31 §5). */
  checkInCode: z.optional(text(textLimits.short)),
});
export type AttendanceRegistration = z.infer<typeof attendanceRegistrationSchema>;

export const attendanceAnalysisRoute = defineRoute({
  id: 'attendance.analysis',
  method: 'GET',
  path: '/api/attendance/analysis',
  response: attendanceAnalysisSchema,
  roles: ['Student'],
  cacheMinutes: 1440,
});

export const networkStatusRoute = defineRoute({
  id: 'attendance.networkStatus',
  method: 'GET',
  path: '/api/attendance/networkstatus',
  query: z.object({ 'cache-buster': z.optional(text(64)) }),
  response: networkStatusSchema,
  roles: ['Student'],
});

export const registerAttendanceRoute = defineRoute({
  id: 'attendance.register',
  method: 'PUT',
  path: '/api/attendance/register',
  body: attendanceRegistrationSchema,
  response: raw.empty,
  roles: ['Student'],
  invalidates: ['timetable', 'attendanceAnalysis'],
});

export const attendanceRoutes = [
  attendanceAnalysisRoute,
  networkStatusRoute,
  registerAttendanceRoute,
] as const;
