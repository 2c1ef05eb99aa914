import { beforeAll, describe, expect, it } from 'vitest';
import { type AttendanceAnalysis, attendanceAnalysisRoute, attendanceAnalysisSchema } from '../../../../src/shared/contract/attendance.js';
import { z } from 'zod/mini';
import type { AttendanceResult } from '../../../../src/server/db/schema.domain.js';
import { academicYearOf } from '../../../../src/server/calendar/academicCalendar.js';
import { signInDirectly } from '../../../helpers/directSession.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { insertEvent, insertRecord, insertStudent, userId } from './support.js';

const t = useTestApp();


async function fetchAnalysis(caller: Caller): Promise<AttendanceAnalysis> {
  const response = await t.call(attendanceAnalysisRoute, { as: caller });
  if (response.statusCode !== 200) throw new Error(`GET /api/attendance/analysis: ${response.statusCode} ${response.body}`);
  return z.parse(attendanceAnalysisSchema, response.json());
}

const flagsOf = (a: AttendanceAnalysis): [boolean, boolean, boolean] =>
  [a.hasCurrentConsecutiveMissedFive, a.hasCurrentConsecutiveMissedTen, a.hasCurrentConsecutiveMissedTwenty];

describe('GET /api/attendance/analysis on crafted records', () => {
  let module: number;
  let runner: number;
  let caller: Caller;
  /** Event k starts (300 − 10k) minutes ago: k = 0 … 24 are all past, in order. */
  const events: number[] = [];

  beforeAll(async () => {
    module = (await t.db.insertInto('modules').values({ code: 'ZZ9001', name: 'Crafted Module' }).returning('id').executeTakeFirstOrThrow()).id;
    runner = await insertStudent(t.db, 'att.runner', [module], t.clock.now());
    for (let k = 0; k < 25; k += 1) events.push(await insertEvent(t.db, module, -(300 - 10 * k), { now: t.clock.now() }));
    caller = await signInDirectly(t.app, t.db, 'att.runner', t.clock); // not a persona: no demo sign-in
  });

  const record = async (from: number, to: number, result: AttendanceResult) => {
    for (let k = from; k <= to; k += 1) await insertRecord(t.db, runner, events[k] ?? 0, result);
  };

  it('raises each flag exactly at its threshold; Cancelled and AbsentAuthorised do not break a run, Attended does', async () => {
    await record(0, 0, 'Attended');
    await record(1, 4, 'Absent');
    expect(flagsOf(await fetchAnalysis(caller))).toEqual([false, false, false]); // 4
    await record(5, 5, 'Cancelled');
    await record(6, 6, 'AbsentAuthorised');
    expect(flagsOf(await fetchAnalysis(caller))).toEqual([false, false, false]); // still 4
    await record(7, 7, 'AbsentInformed');
    expect(flagsOf(await fetchAnalysis(caller))).toEqual([true, false, false]); // 5
    await record(8, 11, 'Absent');
    expect(flagsOf(await fetchAnalysis(caller))).toEqual([true, false, false]); // 9
    await record(12, 12, 'Absent');
    expect(flagsOf(await fetchAnalysis(caller))).toEqual([true, true, false]); // 10
    await record(13, 21, 'Absent');
    expect(flagsOf(await fetchAnalysis(caller))).toEqual([true, true, false]); // 19
    await record(22, 22, 'Absent');
    expect(flagsOf(await fetchAnalysis(caller))).toEqual([true, true, true]); // 20
    await record(23, 23, 'Attended');
    expect(flagsOf(await fetchAnalysis(caller))).toEqual([false, false, false]);
  });

  it('tallies the year and the module, and computes the percentage, from the records at request time', async () => {
    // A record of a class that has not started yet does not count.
    await insertRecord(t.db, runner, await insertEvent(t.db, module, 60, { now: t.clock.now() }), 'Absent');
    const analysis = await fetchAnalysis(caller);
    const tally = { total: 24, cancelled: 1, authorisedAbsent: 1, monitored: 23, attended: 2, assumedAttended: 0, absent: 19, informedAbsent: 1 };
    const year = academicYearOf(t.clock.now()).label;
    expect(analysis.yearTallies).toEqual([{ academicYear: year, tally, attendancePercentage: 9.1 }]); // 2 / 22
    expect(analysis.moduleTallies).toEqual([{ moduleCode: 'ZZ9001', moduleName: 'Crafted Module', tally, attendancePercentage: 9.1 }]);
    expect(analysis.attendancePercentage).toBe(9.1);
    expect(analysis.attendancePreviousAcademicYears).toEqual([]);
    expect(analysis.attendanceCurrentAcademicYear).toHaveLength(24);
    expect(analysis.attendanceCurrentAcademicYear[0]).toMatchObject({ moduleCode: 'ZZ9001', academicYear: year, analysisResult: 'Attended' });
    expect(analysis.attendanceCurrentAcademicYear.at(-1)?.analysisResult).toBe('Attended');
    // Stored nowhere: a changed record changes the answer at once.
    await t.db.updateTable('attendance_records').set({ analysis_result: 'Absent' }).where('event_id', '=', events[23] ?? 0).execute();
    expect(flagsOf(await fetchAnalysis(caller))).toEqual([true, true, true]);
  });

  it('compares with peers only when 5 or more other students contribute, and then only in aggregate', async () => {
    const peers: number[] = [];
    for (let i = 1; i <= 4; i += 1) peers.push(await insertStudent(t.db, `att.peer${i}`, [module], t.clock.now()));
    for (const peer of peers) await insertRecordsOnly(peer);
    // A fifth peer enrolled but without records does not make the cohort.
    await insertStudent(t.db, 'att.peer5', [module], t.clock.now());
    expect((await fetchAnalysis(caller)).peerAnalyses).toEqual([]);

    const sixth = await insertStudent(t.db, 'att.peer6', [module], t.clock.now());
    await insertRecordsOnly(sixth);
    expect((await fetchAnalysis(caller)).peerAnalyses).toEqual([
      { moduleCode: 'ZZ9001', moduleName: 'Crafted Module', attendancePercentage: 4.5, peerAttendancePercentage: 66.7 },
    ]);
  });

  async function insertRecordsOnly(peer: number): Promise<void> {
    for (const [k, result] of [[0, 'Attended'], [1, 'Attended'], [2, 'Absent'], [3, 'Cancelled']] as const) {
      await insertRecord(t.db, peer, events[k] ?? 0, result);
    }
  }
});

describe('GET /api/attendance/analysis for the seeded student', () => {
  let analysis: AttendanceAnalysis;
  let body: string;
  let student: number;

  beforeAll(async () => {
    const caller = await t.signIn('student');
    const response = await t.call(attendanceAnalysisRoute, { as: caller });
    expect(response.statusCode).toBe(200);
    body = response.body;
    analysis = z.parse(attendanceAnalysisSchema, response.json());
    student = await userId(t.db, 'student');
  });

  it('lists only their own records, this year and the two before', async () => {
    const own = await t.db.selectFrom('attendance_records').select('id').where('student_user_id', '=', student).execute();
    const ownIds = new Set(own.map((r) => r.id));
    const listed = [...analysis.attendanceCurrentAcademicYear, ...analysis.attendancePreviousAcademicYears];
    expect(listed.length).toBeGreaterThan(100);
    for (const r of listed) expect(ownIds.has(r.rowId)).toBe(true);
    const year = academicYearOf(t.clock.now()).label;
    expect(analysis.yearTallies.map((y) => y.academicYear)).toHaveLength(3);
    expect(analysis.yearTallies[0]?.academicYear).toBe(year);
    for (const y of analysis.yearTallies) {
      const records = listed.filter((r) => r.academicYear === y.academicYear);
      expect(y.tally.total).toBe(records.length);
      expect(y.tally.attended).toBe(records.filter((r) => r.analysisResult === 'Attended').length);
    }
    expect(['Up', 'Down', 'Stable']).toContain(analysis.trend);
  });

  it('has peer comparisons for their modules that carry no other student\'s identity', async () => {
    expect(analysis.peerAnalyses.length).toBeGreaterThanOrEqual(1);
    for (const peer of analysis.peerAnalyses) {
      expect(Object.keys(peer).sort()).toEqual(['attendancePercentage', 'moduleCode', 'moduleName', 'peerAttendancePercentage']);
    }
    const others = await t.db.selectFrom('users').select(['id', 'user_name', 'display_name', 'email', 'student_id']).where('id', '<>', student).execute();
    for (const other of others) {
      for (const identity of [other.user_name, other.display_name, other.email, other.student_id]) {
        if (identity) expect(body).not.toContain(identity);
      }
    }
    expect(body).not.toMatch(/"(userId|studentId|userName|displayName|email|student_user_id|cohort)"/i);
    const otherRecordIds = await t.db.selectFrom('attendance_records').select('id').where('student_user_id', '<>', student).execute();
    const ids = new Set(otherRecordIds.map((r) => r.id));
    for (const r of [...analysis.attendanceCurrentAcademicYear, ...analysis.attendancePreviousAcademicYears]) expect(ids.has(r.rowId)).toBe(false);
  });
});
