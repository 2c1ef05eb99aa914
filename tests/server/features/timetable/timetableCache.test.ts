import { describe, expect, it } from 'vitest';
import { timetableRoute, type Timetable } from '../../../../src/shared/contract/timetable.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

const t = useTestApp();

async function userId(userName: string): Promise<number> {
  return (await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

/**
 * The server keeps each user's serialised timetable while its fingerprint in the database is
 * unchanged (features/timetable/timetableCache.ts): every kind of change must still show at once.
 */
describe('GET /api/timetable, served from its kept answer', () => {
  it('answers the same body and ETag while nothing changed, and 304 to that ETag', async () => {
    const student = await t.signIn('student');
    const first = await t.call(timetableRoute, { as: student });
    const second = await t.call(timetableRoute, { as: student });
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers.etag).toMatch(/^W\/"/);
    const revalidated = await t.call(timetableRoute, { as: student, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('shows a renamed module, a cancelled class, a registration and a dropped enrolment at once', async () => {
    const student = await t.signIn('student');
    const before = (await t.call(timetableRoute, { as: student })).json<Timetable>();
    const entry = before.timetableEntries.find((e) => e.attendanceDataStudent && !e.attendanceDataStudent.isRegistered && !e.isCancelled);
    if (!entry) throw new Error('the seed gives student an unregistered monitored class');
    const etagBefore = (await t.call(timetableRoute, { as: student })).headers.etag;

    await t.db.updateTable('modules').set({ name: 'Renamed for the cache test' }).where('code', '=', entry.moduleCode).execute();
    const renamed = await t.call(timetableRoute, { as: student });
    expect(renamed.headers.etag).not.toBe(etagBefore);
    expect(renamed.json<Timetable>().timetableEntries.find((e) => e.rowId === entry.rowId)?.moduleName).toBe('Renamed for the cache test');

    await t.db.updateTable('timetable_events').set({ is_cancelled: true }).where('id', '=', entry.rowId).execute();
    const cancelled = (await t.call(timetableRoute, { as: student })).json<Timetable>();
    expect(cancelled.timetableEntries.find((e) => e.rowId === entry.rowId)?.isCancelled).toBe(true);

    await t.db.insertInto('attendance_registrations').values({ student_user_id: await userId('student'), event_id: entry.rowId, client_ip: null }).execute();
    const registered = (await t.call(timetableRoute, { as: student })).json<Timetable>();
    expect(registered.timetableEntries.find((e) => e.rowId === entry.rowId)?.attendanceDataStudent?.isRegistered).toBe(true);

    const moduleId = (await t.db.selectFrom('modules').select('id').where('code', '=', entry.moduleCode).executeTakeFirstOrThrow()).id;
    await t.db.deleteFrom('enrolments').where('student_user_id', '=', await userId('student')).where('module_id', '=', moduleId).execute();
    const dropped = (await t.call(timetableRoute, { as: student })).json<Timetable>();
    expect(dropped.timetableEntries.some((e) => e.moduleCode === entry.moduleCode)).toBe(false);
  });

  it("never answers one user with another's kept timetable", async () => {
    const [student, student2] = [await t.signIn('student'), await t.signIn('student2')];
    const mine = (await t.call(timetableRoute, { as: student })).body;
    const theirs = (await t.call(timetableRoute, { as: student2 })).body;
    expect(theirs).not.toBe(mine);
    expect((await t.call(timetableRoute, { as: student })).body).toBe(mine);
  });
});
