import { beforeAll, describe, expect, it } from 'vitest';
import { absenceStatusSchema, listAbsencesRoute, type AbsenceRequest, type AbsenceStatus } from '../../../../src/shared/contract/absences.js';
import { attendanceAnalysisRoute, type AttendanceAnalysis } from '../../../../src/shared/contract/attendance.js';
import {
  staffAbsenceDecisionRoute, staffAbsenceDetailRoute, staffAbsenceFileRoute, staffAbsenceListRoute,
  type StaffAbsenceDetail, type StaffAbsencePage,
} from '../../../../src/shared/contract/staffAbsences.js';
import { staffAbsenceFilePreviewRoute } from '../../../../src/shared/contract/staffAbsencePreview.js';
import { absenceDecisionTable, decisionMessages, decisionUndoWindowMs } from '../../../../src/shared/rules/absences/decisions.js';
import { SettableClock } from '../../../../src/server/clock.js';
import { sendDecisionNoticeIfDue } from '../../../../src/server/features/staffAbsences/decisionNotice.service.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import type { QueryParams } from '../../../helpers/routes.js';
import { userId } from '../attendance/support.js';
import { samples } from '../absences/multipart.js';
import { allDayFields, asRequest, categoryId, dayFromToday, file, sendForm, type ErrorBody } from '../absences/support.js';

const t = useTestApp();
let staff: Caller;
let student: Caller;
let studentId: number;

beforeAll(async () => {
  staff = await t.signIn('staff');
  student = await t.signIn('student');
  studentId = await userId(t.db, 'student');
});

const queue = async (query: QueryParams = {}): Promise<StaffAbsencePage> => {
  const response = await t.call(staffAbsenceListRoute, { query, as: staff });
  expect(response.statusCode).toBe(200);
  return response.json<StaffAbsencePage>();
};
const detail = async (rowId: number): Promise<StaffAbsenceDetail> => {
  const response = await t.call(staffAbsenceDetailRoute, { params: { rowId }, as: staff });
  expect(response.statusCode).toBe(200);
  return response.json<StaffAbsenceDetail>();
};
const decide = (rowId: number, body: object) => t.call(staffAbsenceDecisionRoute, { params: { rowId }, body, as: staff });
const row = (rowId: number) => t.db.selectFrom('absence_requests').selectAll().where('id', '=', rowId).executeTakeFirstOrThrow();

/** A fresh request of `student` in the given status, last changed at a fixed instant. */
async function requestIn(status: AbsenceStatus, lastModified = new Date('2030-01-02T10:00:00Z')): Promise<{ id: number; lastModified: string }> {
  const category = await categoryId(t, 'Other');
  const { id } = await t.db
    .insertInto('absence_requests')
    .values({
      student_user_id: studentId, category_id: category, absence_start: new Date(t.clock.nowMs() + 40 * 86_400_000),
      absence_end: new Date(t.clock.nowMs() + 41 * 86_400_000), description: 'Test', status, last_modified: lastModified,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, lastModified: lastModified.toISOString() };
}

describe('GET /api/staff/absences (the queue)', () => {
  it('lists Pending, AwaitingEvidence and PendingCancellation by default, oldest first, with who and what', async () => {
    const page = await queue();
    expect(page.items.length).toBeGreaterThan(0);
    expect(new Set(page.items.map((item) => item.absenceStatus))).toEqual(new Set(['Pending', 'AwaitingEvidence', 'PendingCancellation']));
    const waits = page.items.map((item) => Date.parse(item.waitingSince));
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(page.items.find((item) => item.studentName === 'Liam Chen')).toMatchObject({ studentId: 'S2400002', categoryName: 'Medical appointment', absenceType: 'Authorised' });
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: page.items.length });
  });

  it('filters by status, student, category, module and dates, and pages', async () => {
    expect((await queue({ status: 'Approved' })).items.every((item) => item.absenceStatus === 'Approved')).toBe(true);
    expect((await queue({ status: ['Denied', 'Cancelled'] })).items.map((item) => item.absenceStatus).sort()).toEqual(['Cancelled', 'Denied']);
    expect((await queue({ student: 'liam' })).items.map((item) => item.studentName)).toEqual(['Liam Chen']);
    expect((await queue({ student: 'S2400002' })).items.map((item) => item.studentName)).toEqual(['Liam Chen']);
    expect((await queue({ student: '%' })).total).toBe(0);
    const bereavement = await categoryId(t, 'Bereavement');
    expect((await queue({ category: bereavement })).items.map((item) => item.categoryName)).toEqual(['Bereavement']);
    const all = await queue();
    const inWeek = await queue({ from: dayFromToday(4, t.clock.now()), to: dayFromToday(8, t.clock.now()) });
    expect(inWeek.items.length).toBeGreaterThan(0);
    expect(inWeek.items.length).toBeLessThan(all.items.length);
    for (const item of inWeek.items) {
      expect(item.absenceEnd.slice(0, 10) >= dayFromToday(4, t.clock.now())).toBe(true);
      expect(item.absenceStart.slice(0, 10) <= dayFromToday(8, t.clock.now())).toBe(true);
    }
    expect((await queue({ module: 'NOPE999' })).total).toBe(0);
    const pageTwo = await queue({ pageSize: 2, page: 2 });
    expect(pageTwo.items.map((item) => item.rowId)).toEqual(all.items.slice(2, 4).map((item) => item.rowId));
    expect(pageTwo.total).toBe(all.total);
  });

  it('finds requests by a module whose classes they cover', async () => {
    const covered = await t.db
      .selectFrom('timetable_events as e')
      .innerJoin('modules as m', 'm.id', 'e.module_id')
      .innerJoin('enrolments as en', 'en.module_id', 'e.module_id')
      .select(['m.code', 'e.starts_at'])
      .where('en.student_user_id', '=', studentId)
      .where('e.starts_at', '>', new Date(t.clock.nowMs() + 86_400_000))
      .orderBy('e.starts_at')
      .executeTakeFirstOrThrow();
    const category = await categoryId(t, 'Other');
    const { id } = await t.db
      .insertInto('absence_requests')
      .values({ student_user_id: studentId, category_id: category, absence_start: covered.starts_at, absence_end: new Date(covered.starts_at.getTime() + 60_000), status: 'Pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await queue({ module: covered.code.toLowerCase(), pageSize: 100 })).items.map((item) => item.rowId)).toContain(id);
    expect((await detail(id)).coveredClasses.map((c) => c.moduleCode)).toContain(covered.code);
  });

  it('refuses a bad filter with a 400 naming it', async () => {
    const response = await t.call(staffAbsenceListRoute, { query: { status: 'Maybe', pageSize: 1000 }, as: staff });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().errors).sort()).toEqual(['pageSize', 'status.0']);
  });
});

describe('GET /api/staff/absences/:rowId and its files', () => {
  it('shows the request, the student, the category and the student’s attendance percentage', async () => {
    const pending = (await queue({ student: 'Amara', status: 'Pending' })).items[0];
    if (!pending) throw new Error('no pending request of student');
    const shown = await detail(pending.rowId);
    expect(shown).toMatchObject({ studentName: 'Amara Okafor', studentEmail: 'student@campus.example.ac.uk', category: { absenceCategoryName: 'Job interview', absenceType: 'Informed' } });
    expect(shown.request).toMatchObject({ rowId: pending.rowId, absenceStatus: 'Pending', studentId: 'S2400001' });
    const own = (await t.call(attendanceAnalysisRoute, { as: student })).json<AttendanceAnalysis>();
    expect(shown.attendancePercentage).toBe(own.attendancePercentage);
    expect(shown.attendancePercentage).not.toBeNull();
  });

  it('is a 404 for a request that does not exist', async () => {
    const response = await t.call(staffAbsenceDetailRoute, { params: { rowId: 2_000_000_000 }, as: staff });
    expect(response.statusCode).toBe(404);
  });

  it('downloads evidence under the owner’s rules, and only as a file of that request', async () => {
    const illness = await categoryId(t, 'Illness');
    const created = asRequest(await sendForm(t, student, 'POST', [...allDayFields(illness, dayFromToday(2, t.clock.now()), dayFromToday(2, t.clock.now())), file('fit note.pdf', samples.pdf)]));
    const fileRow = created.supportingFiles[0];
    if (!fileRow) throw new Error('no file stored');
    const response = await t.call(staffAbsenceFileRoute, { params: { rowId: created.rowId, fileRowId: fileRow.rowId }, as: staff });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(samples.pdf)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="fit note\.pdf"/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    const other = (await queue({ student: 'Liam' })).items[0];
    if (!other) throw new Error('no request of student2');
    expect((await t.call(staffAbsenceFileRoute, { params: { rowId: other.rowId, fileRowId: fileRow.rowId }, as: staff })).statusCode).toBe(404);
  });
});

describe('GET /api/staff/absences/:rowId/files/:fileRowId/preview (the inline preview)', () => {
  /** A new request of `student` on its own day (requests may not overlap), with a PDF, a PNG and an e-mail. */
  const evidence = async (day: number) => {
    const illness = await categoryId(t, 'Illness');
    const created = asRequest(
      await sendForm(t, student, 'POST', [
        ...allDayFields(illness, dayFromToday(day, t.clock.now()), dayFromToday(day, t.clock.now())),
        file('fit note.pdf', samples.pdf),
        file('scan.png', samples.png),
        file('letter.eml', samples.eml),
      ]),
    );
    const byName = (name: string) => {
      const found = created.supportingFiles.find((f) => f.fileName === name);
      if (!found) throw new Error(`no file ${name}`);
      return { rowId: created.rowId, fileRowId: found.rowId };
    };
    return { pdf: byName('fit note.pdf'), png: byName('scan.png'), eml: byName('letter.eml') };
  };

  it('shows a PDF or an image inline, sniffed type, nosniff, sandboxed, framable by this origin only, never cached', async () => {
    const files = await evidence(3);
    const response = await t.call(staffAbsenceFilePreviewRoute, { params: files.pdf, as: staff });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(samples.pdf)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="fit note.pdf"; filename*=UTF-8''fit%20note.pdf`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const csp = String(response.headers['content-security-policy']);
    expect(csp.split(/;\s*/)).toEqual(expect.arrayContaining(["default-src 'none'", 'sandbox', "frame-ancestors 'self'"]));
    expect(csp).not.toMatch(/allow-scripts|allow-same-origin|script-src/);

    const image = await t.call(staffAbsenceFilePreviewRoute, { params: files.png, as: staff });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="scan\.png"/);
  });

  it('never shows another type inline: an e-mail is still a download under the download’s policy', async () => {
    const files = await evidence(4);
    const response = await t.call(staffAbsenceFilePreviewRoute, { params: files.eml, as: staff });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('message/rfc822');
    expect(response.headers['content-disposition']).toMatch(/^attachment; /);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('has the download’s access rules: 401 signed out, 403 for a student (the owner too), 404 for a file of another request', async () => {
    const files = await evidence(5);
    const anonymous = await t.anonymous();
    expect((await t.call(staffAbsenceFilePreviewRoute, { params: files.pdf, as: anonymous })).statusCode).toBe(401);
    const student2 = await t.signIn('student2');
    for (const caller of [student2, student]) {
      const refused = await t.call(staffAbsenceFilePreviewRoute, { params: files.pdf, as: caller });
      expect(refused.statusCode).toBe(403);
      expect(refused.rawPayload.equals(samples.pdf)).toBe(false);
    }
    const other = (await queue({ student: 'Liam' })).items[0];
    if (!other) throw new Error('no request of student2');
    expect((await t.call(staffAbsenceFilePreviewRoute, { params: { rowId: other.rowId, fileRowId: files.pdf.fileRowId }, as: staff })).statusCode).toBe(404);
  });
});

describe('POST /api/staff/absences/:rowId/decision', () => {
  const statuses = absenceStatusSchema.options as readonly AbsenceStatus[];
  const pairs = statuses.flatMap((from) => statuses.map((to) => [from, to] as const));

  it.each(pairs.filter(([from, to]) => !absenceDecisionTable[from].some((d) => d.to === to)))(
    'refuses %s → %s with a 400 and changes nothing',
    async (from, to) => {
      const request = await requestIn(from);
      const before = await row(request.id);
      const response = await decide(request.id, { absenceStatus: to, messageToStudent: 'A reason.', lastModified: request.lastModified });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().errors.absenceStatus).toEqual([decisionMessages.notAllowed(from, to)]);
      expect(await row(request.id)).toEqual(before);
    },
  );

  it.each(pairs.filter(([from, to]) => absenceDecisionTable[from].some((d) => d.to === to)))('allows %s → %s', async (from, to) => {
    const request = await requestIn(from);
    const response = await decide(request.id, { absenceStatus: to, messageToStudent: 'A reason.', lastModified: request.lastModified });
    expect(response.statusCode).toBe(200);
    expect(response.json<StaffAbsenceDetail>().request).toMatchObject({ absenceStatus: to, messageToStudent: 'A reason.' });
    expect((await row(request.id)).status).toBe(to);
  });

  it.each([['Denied'], ['AwaitingEvidence']] as const)('requires a message to make a request %s', async (to) => {
    const request = await requestIn('Pending');
    for (const messageToStudent of [undefined, null, '   ']) {
      const response = await decide(request.id, { absenceStatus: to, messageToStudent, lastModified: request.lastModified });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().errors).toEqual({ messageToStudent: [decisionMessages.messageRequired] });
    }
    expect((await row(request.id)).status).toBe('Pending');
  });

  it('refuses a stale lastModified with a 409 in the error shape, so two reviewers never overwrite each other', async () => {
    const request = await requestIn('Pending');
    const first = await decide(request.id, { absenceStatus: 'AwaitingEvidence', messageToStudent: 'Please send the letter.', lastModified: request.lastModified });
    expect(first.statusCode).toBe(200);
    const second = await decide(request.id, { absenceStatus: 'Approved', lastModified: request.lastModified });
    expect(second.statusCode).toBe(409);
    expect(second.json<ErrorBody>()).toEqual({ message: decisionMessages.stale, errors: { lastModified: [decisionMessages.stale] }, code: 'conflict' });
    expect(await row(request.id)).toMatchObject({ status: 'AwaitingEvidence', message_to_student: 'Please send the letter.' });
    const older = new Date(Date.parse(request.lastModified) - 1000).toISOString();
    expect((await decide(request.id, { absenceStatus: 'Approved', lastModified: older })).statusCode).toBe(409);
    // The answer's lastModified is the one to send next.
    const fresh = first.json<StaffAbsenceDetail>().request.lastModified;
    expect((await decide(request.id, { absenceStatus: 'Approved', lastModified: fresh })).statusCode).toBe(200);
  });

  it('updates the request, audits it, notifies the student (after the undo window) with a link to it, and the student sees the message', async () => {
    const request = await requestIn('Pending');
    const response = await decide(request.id, { absenceStatus: 'AwaitingEvidence', messageToStudent: '  Please upload your appointment letter.  ', lastModified: request.lastModified });
    expect(response.statusCode).toBe(200);
    const seen = (await t.call(listAbsencesRoute, { as: student })).json<AbsenceRequest[]>().find((r) => r.rowId === request.id);
    expect(seen).toMatchObject({ absenceStatus: 'AwaitingEvidence', messageToStudent: 'Please upload your appointment letter.' });
    const staffId = await userId(t.db, 'staff');
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'absence.decision').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(staffId);
    expect(audit.detail).toMatchObject({
      target: { type: 'absenceRequest', id: request.id },
      before: { absenceStatus: 'Pending', messageToStudent: null },
      after: { absenceStatus: 'AwaitingEvidence', messageToStudent: 'Please upload your appointment letter.' },
      context: { decision: 'Request evidence' },
    });
    // The student is told once the undo window has passed (issue 31; reviewLoop.test.ts).
    const decision = await t.db.selectFrom('absence_decisions').select(['id', 'decided_at']).where('request_id', '=', request.id).executeTakeFirstOrThrow();
    const afterWindow = new SettableClock(decision.decided_at.getTime() + decisionUndoWindowMs, { frozen: true });
    expect(await sendDecisionNoticeIfDue({ db: t.db, notifier: t.app.notifier, clock: afterWindow }, decision.id)).toBe(true);
    const notification = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', studentId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notification).toMatchObject({ notification_type: 'Attendance', url: `/attendance/current?absence=${request.id}`, title: 'Absence request waiting for your evidence' });
    expect(notification.body).toContain('Please upload your appointment letter.');
    // Approving without a message clears the old one.
    const approved = await decide(request.id, { absenceStatus: 'Approved', lastModified: response.json<StaffAbsenceDetail>().request.lastModified });
    expect(approved.json<StaffAbsenceDetail>().request).toMatchObject({ absenceStatus: 'Approved', messageToStudent: null });
  });

  it('re-derives the records of the closed classes the request covers', async () => {
    const absent = await t.db
      .selectFrom('attendance_records as ar')
      .innerJoin('timetable_events as e', 'e.id', 'ar.event_id')
      .select(['ar.id', 'e.starts_at', 'e.duration_minutes'])
      .where('ar.student_user_id', '=', studentId)
      .where('ar.analysis_result', '=', 'Absent')
      .where('e.register_closed_at', 'is not', null)
      .orderBy('e.starts_at', 'desc')
      .executeTakeFirstOrThrow();
    const illness = await categoryId(t, 'Illness');
    const { id } = await t.db
      .insertInto('absence_requests')
      .values({ student_user_id: studentId, category_id: illness, absence_start: absent.starts_at, absence_end: new Date(absent.starts_at.getTime() + absent.duration_minutes * 60_000), status: 'Pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const resultOf = async () => (await t.db.selectFrom('attendance_records').select('analysis_result').where('id', '=', absent.id).executeTakeFirstOrThrow()).analysis_result;
    const shown = await detail(id);
    expect(shown.coveredClasses.map((c) => c.analysisResult)).toContain('Absent');
    expect((await decide(id, { absenceStatus: 'Approved', lastModified: shown.request.lastModified })).statusCode).toBe(200);
    expect(await resultOf()).toBe('AbsentAuthorised');
    // The student withdraws; confirming the cancellation puts the class back to Absent.
    await t.db.updateTable('absence_requests').set({ status: 'PendingCancellation' }).where('id', '=', id).execute();
    const withdrawn = await detail(id);
    expect((await decide(id, { absenceStatus: 'Cancelled', lastModified: withdrawn.request.lastModified })).statusCode).toBe(200);
    expect(await resultOf()).toBe('Absent');
  });

  it('moves waitingSince when the status changes, and only then', async () => {
    const request = await requestIn('Pending', new Date('2030-01-02T10:00:00Z'));
    expect((await detail(request.id)).waitingSince).toBe('2030-01-02T10:00:00+00:00');
    await t.db.updateTable('absence_requests').set({ description: 'Edited', last_modified: new Date('2030-01-02T11:00:00Z') }).where('id', '=', request.id).execute();
    expect((await detail(request.id)).waitingSince).toBe('2030-01-02T10:00:00+00:00');
    await decide(request.id, { absenceStatus: 'AwaitingEvidence', messageToStudent: 'Letter please.', lastModified: '2030-01-02T11:00:00Z' });
    expect(Date.parse((await detail(request.id)).waitingSince)).toBeGreaterThan(Date.parse('2030-01-02T11:00:00Z'));
  });
});
