import { beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../../../../src/server/clock.js';
import { londonDate } from '../../../../src/server/calendar/academicCalendar.js';
import { sendDecisionNoticeIfDue, sendDueDecisionNotices } from '../../../../src/server/features/staffAbsences/decisionNotice.service.js';
import type { AbsenceRequest } from '../../../../src/shared/contract/absences.js';
import {
  staffAbsenceCountsRoute, staffAbsenceDecisionRoute, staffAbsenceDetailRoute, staffAbsenceListRoute, staffAbsenceUndoRoute,
  type StaffAbsenceCounts, type StaffAbsenceDetail, type StaffAbsencePage,
} from '../../../../src/shared/contract/staffAbsences.js';
import { addLocalDays } from '../../../../src/shared/rules/absences/dates.js';
import { decisionMessages } from '../../../../src/shared/rules/absences/decisions.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { userId } from '../attendance/support.js';
import { samples } from '../absences/multipart.js';
import { allDayFields, asRequest, categoryId, file, sendForm, type ErrorBody } from '../absences/support.js';

// Issue 31: evidence sent returns a request to review; a decision can be undone for ten seconds,
// and only then is the student told. A frozen clock a year after the seed, moved by the tests.
const clock = new SettableClock(new Date('2027-10-04T09:00:00+01:00'), { frozen: true });
const t = useTestApp({ clock });
let staff: Caller;
let student: Caller;
let studentUserId: number;
let staffUserId: number;
let other: number;

beforeAll(async () => {
  staff = await t.signIn('staff');
  student = await t.signIn('student');
  studentUserId = await userId(t.db, 'student');
  staffUserId = await userId(t.db, 'staff');
  other = await categoryId(t, 'Other');
});

const day = (offset: number): string => addLocalDays(londonDate(clock.now()), offset);
const noticeDeps = () => ({ db: t.db, notifier: t.app.notifier, clock });
const detail = async (rowId: number): Promise<StaffAbsenceDetail> => (await t.call(staffAbsenceDetailRoute, { params: { rowId }, as: staff })).json<StaffAbsenceDetail>();
const decide = (rowId: number, body: object) => t.call(staffAbsenceDecisionRoute, { params: { rowId }, body, as: staff });
const undo = (rowId: number, lastModified: string) => t.call(staffAbsenceUndoRoute, { params: { rowId }, body: { lastModified }, as: staff });
const requestRow = (id: number) => t.db.selectFrom('absence_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const notificationsOf = (user: number) => t.db.selectFrom('notifications').selectAll().where('user_id', '=', user).orderBy('id').execute();

/** A new request of `student` (Other, all day, no file), then asked for evidence by `staff`. */
async function awaitingEvidence(offset: number): Promise<{ id: number; fields: ReturnType<typeof allDayFields> }> {
  const fields = allDayFields(other, day(offset), day(offset), 'A family matter.');
  const created = await sendForm(t, student, 'POST', fields);
  expect(created.statusCode).toBe(200);
  const { rowId, lastModified } = asRequest(created);
  const asked = await decide(rowId, { absenceStatus: 'AwaitingEvidence', messageToStudent: 'Please send a letter.', lastModified });
  expect(asked.statusCode).toBe(200);
  clock.advance(60_000);
  // The notice of that decision goes now, so the tests below count only their own.
  await sendDueDecisionNotices(noticeDeps());
  return { id: rowId, fields };
}

describe('evidence sent returns the request to review', () => {
  it('an update without a new file leaves it Awaiting evidence; adding a file makes it Pending, marked, first in the queue, and tells the office', async () => {
    const { id, fields } = await awaitingEvidence(20);
    const unchanged = await sendForm(t, student, 'PUT', [...fields, { name: 'RowId', value: String(id) }]);
    expect(asRequest(unchanged)).toMatchObject({ absenceStatus: 'AwaitingEvidence', evidenceAddedAt: null });
    const officeBefore = (await notificationsOf(staffUserId)).length;

    clock.advance(5 * 60_000);
    const sent = await sendForm(t, student, 'PUT', [...fields, { name: 'RowId', value: String(id) }, file('letter.pdf', samples.pdf)]);
    expect(sent.statusCode).toBe(200);
    const after = asRequest(sent);
    expect(after.absenceStatus).toBe('Pending');
    expect(Date.parse(after.evidenceAddedAt ?? '')).toBe(clock.nowMs());

    const queue = (await t.call(staffAbsenceListRoute, { as: staff })).json<StaffAbsencePage>();
    expect(queue.items[0]).toMatchObject({ rowId: id, absenceStatus: 'Pending', fileCount: 1 });
    expect(Date.parse(queue.items[0]?.evidenceAddedAt ?? '')).toBe(clock.nowMs());
    expect(queue.items.filter((item) => item.evidenceAddedAt !== null).map((item) => item.rowId)).toEqual([id]);
    const counts = (await t.call(staffAbsenceCountsRoute, { as: staff })).json<StaffAbsenceCounts>();
    expect(counts.evidenceAdded).toBe(1);
    expect(counts.pending).toBeGreaterThanOrEqual(1);

    const office = (await notificationsOf(staffUserId)).slice(officeBefore);
    expect(office).toHaveLength(1);
    expect(office[0]).toMatchObject({ title: 'Evidence added to an absence request', url: `/staff/absences/${id}`, notification_type: 'Attendance' });
    expect(office[0]?.body).toContain('Amara Okafor');
    // The student is not told about their own update.
    expect((await notificationsOf(studentUserId)).some((n) => n.title.startsWith('Evidence added'))).toBe(false);
  });
});

describe('a decision can be undone for ten seconds; only then is the student told', () => {
  it('records who decided and when; an undo within the window restores the request exactly and no one is notified', async () => {
    const { id } = await awaitingEvidence(22);
    const before = await requestRow(id);
    const studentBefore = (await notificationsOf(studentUserId)).length;

    const decided = await decide(id, { absenceStatus: 'Approved', lastModified: before.last_modified.toISOString() });
    expect(decided.statusCode).toBe(200);
    const shown = decided.json<StaffAbsenceDetail>();
    expect(shown.request.absenceStatus).toBe('Approved');
    expect(shown.lastDecision).toMatchObject({ label: 'Approve', absenceStatus: 'Approved', decidedBy: 'Priya Shah' });
    expect(Date.parse(shown.lastDecision?.decidedAt ?? '')).toBe(clock.nowMs());
    expect(Date.parse(shown.lastDecision?.undoUntil ?? '')).toBe(clock.nowMs() + 10_000);

    clock.advance(9_000);
    expect(await sendDueDecisionNotices(noticeDeps())).toBe(0);
    const undone = await undo(id, shown.request.lastModified);
    expect(undone.statusCode).toBe(200);
    expect(undone.json<StaffAbsenceDetail>().request.absenceStatus).toBe('AwaitingEvidence');
    expect(await requestRow(id)).toEqual(before);
    // The decision before it (the request for evidence) shows again.
    expect(undone.json<StaffAbsenceDetail>().lastDecision).toMatchObject({ label: 'Request evidence', undoUntil: null });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'absence.decision.undo').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(staffUserId);

    clock.advance(60_000);
    expect(await sendDueDecisionNotices(noticeDeps())).toBe(0);
    expect(await notificationsOf(studentUserId)).toHaveLength(studentBefore);
    // A second undo finds nothing to undo.
    expect((await undo(id, before.last_modified.toISOString())).statusCode).toBe(409);
  });

  it('after the window: the undo is refused, and the student is notified once', async () => {
    const { id } = await awaitingEvidence(24);
    const before = await requestRow(id);
    const studentBefore = (await notificationsOf(studentUserId)).length;
    const decided = (await decide(id, { absenceStatus: 'Denied', messageToStudent: 'No letter arrived.', lastModified: before.last_modified.toISOString() })).json<StaffAbsenceDetail>();
    expect(await notificationsOf(studentUserId)).toHaveLength(studentBefore);

    clock.advance(10_000);
    const late = await undo(id, decided.request.lastModified);
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorBody>().message).toBe(decisionMessages.undoTooLate);
    expect((await requestRow(id)).status).toBe('Denied');

    expect(await sendDueDecisionNotices(noticeDeps())).toBe(1);
    const decisionId = (await t.db.selectFrom('absence_decisions').select('id').where('request_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    // The delayed job arriving late, or twice, sends nothing more.
    expect(await sendDecisionNoticeIfDue(noticeDeps(), decisionId)).toBe(false);
    expect(await sendDueDecisionNotices(noticeDeps())).toBe(0);
    const told = (await notificationsOf(studentUserId)).slice(studentBefore);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Absence request denied', url: `/attendance/current?absence=${id}` });
    expect(told[0]?.body).toContain('all day');
    expect(told[0]?.body).toContain('No letter arrived.');
    expect((await detail(id)).lastDecision).toMatchObject({ label: 'Deny', decidedBy: 'Priya Shah', undoUntil: null });
  });

  it('is refused when the request changed after the decision', async () => {
    const { id } = await awaitingEvidence(26);
    const before = await requestRow(id);
    const decided = (await decide(id, { absenceStatus: 'Approved', lastModified: before.last_modified.toISOString() })).json<StaffAbsenceDetail>();
    // Within the window, the student withdraws the approved request: the decision is no longer the latest state.
    await t.db.updateTable('absence_requests').set({ status: 'PendingCancellation', last_modified: new Date(clock.nowMs() + 1000) }).where('id', '=', id).execute();
    clock.advance(2_000);
    expect((await undo(id, decided.request.lastModified)).statusCode).toBe(409);
    expect((await requestRow(id)).status).toBe('PendingCancellation');
  });
});

describe('the student sees it', () => {
  it('lists evidenceAddedAt on their own request while it is Pending again', async () => {
    const mine = (await t.call({ method: 'GET', path: '/api/attendance/absences/requests' }, { as: student })).json<AbsenceRequest[]>();
    expect(mine.some((request) => request.absenceStatus === 'Pending' && request.evidenceAddedAt)).toBe(true);
    expect(mine.filter((request) => request.absenceStatus !== 'Pending').every((request) => !request.evidenceAddedAt)).toBe(true);
  });
});
