import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettableClock } from '../../../../src/server/clock.js';
import { ImportService, type ImportJobName } from '../../../../src/server/features/imports/imports.service.js';
import { Notifier } from '../../../../src/server/features/notifications/notify.service.js';
import { eventsOf, timetableOwner } from '../../../../src/server/features/timetable/timetable.queries.js';
import { timetableWindow } from '../../../../src/server/features/timetable/timetable.service.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';
import { writeZip } from '../../../helpers/importBundle.js';
import { bundleEntries, universityFiles, type Files } from './university.js';

const monday = new Date('2026-10-12T08:00:00Z');

let t: TestDatabase;
let clock: SettableClock;
let service: ImportService;
const queued: [ImportJobName, number][] = [];

beforeAll(async () => {
  t = await createTestDatabase('empty');
  clock = new SettableClock(monday, { frozen: true });
  // No device is subscribed: the notifications are stored, and there is nothing to push.
  const notifier = new Notifier(t.db, { send: async () => {} } as never, clock);
  service = new ImportService({
    db: t.db, clock, notifier, tempDir: await mkdtemp(join(tmpdir(), 'cc-import-jobs-')),
    jobs: { queue: async (job, batchId) => { queued.push([job, batchId]); } },
  });
});
afterAll(async () => {
  await t.drop();
});

/** Uploads, validates and (when ready) returns the report. */
async function dryRun(files: Files, modes: Record<string, 'bulk' | 'delta' | 'absent'> = {}, threshold?: number) {
  const path = await writeZip(bundleEntries(files, modes));
  const summary = await service.create(null, { fileName: 'bundle.zip', path, ...(threshold === undefined ? {} : { deactivationThresholdPercent: threshold }) });
  expect(queued.at(-1)).toEqual(['validate', summary.rowId]);
  await service.validate(summary.rowId);
  return service.report(summary.rowId);
}

async function applied(files: Files, modes: Record<string, 'bulk' | 'delta' | 'absent'> = {}, acceptWarnings = false) {
  const report = await dryRun(files, modes);
  expect(report.errors).toEqual([]);
  await service.requestApply(1, report.rowId, acceptWarnings);
  await service.apply(report.rowId);
  return service.report(report.rowId);
}

const idOf = async (userName: string) => (await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
const eventIdOf = async (sourcedId: string) => (await t.db.selectFrom('timetable_events').select('id').where('sourced_id', '=', sourcedId).executeTakeFirstOrThrow()).id;
const studentSees = async (userName: string) => {
  const rows = await eventsOf(t.db, timetableOwner(await idOf(userName), ['Student']), timetableWindow(monday));
  const ids = await t.db.selectFrom('timetable_events').select(['id', 'sourced_id']).execute();
  const byId = new Map(ids.map((r) => [r.id, r.sourced_id]));
  return rows.map((r) => ({ id: byId.get(r.id), room: r.room_id }));
};

describe('the import pipeline', () => {
  it('a first bulk bundle: a dry run that counts every create, then applied, students see their own groups only', async () => {
    // An admin user to act as; imports never grant Administrator.
    await t.db.insertInto('users').values({ user_name: 'admin', display_name: 'Admin', first_name: 'Admin', email: '', created_at: monday }).execute();
    const report = await dryRun(universityFiles());
    expect(report.state).toBe('ready');
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([]);
    expect(report.source).toBe('Test SIS');
    expect(report.counts.users).toEqual({ create: 4, update: 0, deactivate: 0, unchanged: 0 });
    expect(report.counts.events).toEqual({ create: 3, update: 0, deactivate: 0, unchanged: 0 });
    expect(report.counts.enrollments).toEqual({ create: 6, update: 0, deactivate: 0, unchanged: 0 });
    expect(await t.db.selectFrom('timetable_events').select('id').execute()).toEqual([]);

    await service.requestApply(1, report.rowId, false);
    expect((await service.report(report.rowId)).state).toBe('applying');
    await service.apply(report.rowId);
    const after = await service.report(report.rowId);
    expect(after.state).toBe('applied');
    expect(after.isRevertable).toBe(true);

    expect(await studentSees('alice@test.ac.uk')).toEqual([{ id: 'ev-lec-1', room: 'MB-0.01' }, { id: 'ev-lab-a-1', room: 'MB-1.10' }]);
    expect(await studentSees('bob@test.ac.uk')).toEqual([{ id: 'ev-lec-1', room: 'MB-0.01' }, { id: 'ev-lab-b-1', room: 'MB-1.10' }]);
    const roles = await t.db.selectFrom('user_roles as r').innerJoin('users as u', 'u.id', 'r.user_id').select(['u.user_name', 'r.role', 'r.via_import', 'r.via_sign_in']).orderBy('u.user_name').execute();
    expect(roles).toEqual([
      { user_name: 'alice@test.ac.uk', role: 'Student', via_import: true, via_sign_in: false },
      { user_name: 'bob@test.ac.uk', role: 'Student', via_import: true, via_sign_in: false },
      { user_name: 'lect@test.ac.uk', role: 'TeachingStaff', via_import: true, via_sign_in: false },
      { user_name: 'tutor@test.ac.uk', role: 'TeachingStaff', via_import: true, via_sign_in: false },
    ]);
    const alice = await t.db.selectFrom('users as u').innerJoin('profiles as p', 'p.user_id', 'u.id').innerJoin('personal_tutors as pt', 'pt.student_user_id', 'u.id')
      .select(['u.display_name', 'u.student_id', 'p.registration_status', 'p.study_level', 'p.programme', 'p.school', 'pt.tutor_user_id'])
      .where('u.user_name', '=', 'alice@test.ac.uk').executeTakeFirstOrThrow();
    expect(alice).toEqual({ display_name: 'Alice Able', student_id: '2600001', registration_status: 'Registered-Enrolled', study_level: 1, programme: 'BSc Mathematics', school: 'School of Mathematics', tutor_user_id: await idOf('tutor@test.ac.uk') });
    const lectEvents = await eventsOf(t.db, timetableOwner(await idOf('lect@test.ac.uk'), ['TeachingStaff']), timetableWindow(monday));
    expect(lectEvents.map((e) => e.staff_names)).toEqual(['Lena Lecturer', 'Lena Lecturer']);
    const group = await t.db.selectFrom('teaching_groups').select(['academic_year', 'title']).where('sourced_id', '=', 'GR1001-LAB-A').executeTakeFirstOrThrow();
    expect(group).toEqual({ academic_year: '2026/27', title: 'GR1001 Lab A' });
  });

  it('the same bundle again changes nothing', async () => {
    const before = await t.db.selectFrom('timetable_events').select(['id', 'sequence', 'last_modified', 'batch_id']).orderBy('id').execute();
    clock.startAt(new Date('2026-10-12T09:00:00Z'));
    const report = await applied(universityFiles());
    for (const counts of Object.values(report.counts)) expect(counts.create + counts.update + counts.deactivate).toBe(0);
    expect(report.counts.events.unchanged).toBe(3);
    expect(await t.db.selectFrom('import_changes').select('record_id').where('batch_id', '=', report.rowId).execute()).toEqual([]);
    expect(await t.db.selectFrom('timetable_events').select(['id', 'sequence', 'last_modified', 'batch_id']).orderBy('id').execute()).toEqual(before);
  });

  it("a delta that moves one class: one update, the room changes, its registrations stay, and its students are told; a revert brings the old room back", async () => {
    const lab = await eventIdOf('ev-lab-a-1');
    const alice = await idOf('alice@test.ac.uk');
    await t.db.insertInto('attendance_registrations').values({ student_user_id: alice, event_id: lab, client_ip: null, registered_at: monday }).execute();
    const files = universityFiles();
    const events = files['ext.events.csv'] ?? [];
    const delta: Files = {
      'ext.events.csv': [events[0] ?? [], ['ev-lab-a-1', 'active', '2026-10-12T09:30:00Z', 'GR1001-LAB-A', 'Lab', '2026-10-15T13:00:00+01:00', '2026-10-15T15:00:00+01:00', 'MB-0.01', '', 'true', 'scheduled', '']],
    };
    const report = await dryRun(delta, { 'ext.events.csv': 'delta' });
    expect(report.counts.events).toEqual({ create: 0, update: 1, deactivate: 0, unchanged: 0 });
    await service.requestApply(1, report.rowId, false);
    await service.apply(report.rowId);
    expect(await studentSees('alice@test.ac.uk')).toEqual([{ id: 'ev-lec-1', room: 'MB-0.01' }, { id: 'ev-lab-a-1', room: 'MB-0.01' }]);
    expect(await t.db.selectFrom('attendance_registrations').select('event_id').where('student_user_id', '=', alice).execute()).toEqual([{ event_id: lab }]);
    const moved = await t.db.selectFrom('notifications as n').innerJoin('users as u', 'u.id', 'n.user_id').select(['u.user_name', 'n.title', 'n.body']).orderBy('u.user_name').execute();
    expect(moved.map((n) => n.user_name)).toEqual(['alice@test.ac.uk', 'lect@test.ac.uk']);
    expect(moved[0]?.title).toBe('Moved: GR1001 Lab');
    expect(moved[0]?.body).toBe('Group Theory lab moves from Thu 15 Oct, 13:00 in Maths Lab 1.10 to Thu 15 Oct, 13:00 in Main Lecture Theatre.');
    const sequence = (await t.db.selectFrom('timetable_events').select('sequence').where('id', '=', lab).executeTakeFirstOrThrow()).sequence;

    await service.requestRevert(1, report.rowId);
    await service.revert(report.rowId);
    expect((await service.report(report.rowId)).state).toBe('reverted');
    expect(await studentSees('alice@test.ac.uk')).toEqual([{ id: 'ev-lec-1', room: 'MB-0.01' }, { id: 'ev-lab-a-1', room: 'MB-1.10' }]);
    expect((await t.db.selectFrom('timetable_events').select('sequence').where('id', '=', lab).executeTakeFirstOrThrow()).sequence).toBe(sequence + 1);
    const back = await t.db.selectFrom('notifications').select('body').where('user_id', '=', alice).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(back.body).toBe('Group Theory lab moves from Thu 15 Oct, 13:00 in Main Lecture Theatre to Thu 15 Oct, 13:00 in Maths Lab 1.10.');
  });
});
