import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';
import { importHarness } from './importService.js';
import { universityFiles, type Files } from './university.js';

let t: TestDatabase;
let h: Awaited<ReturnType<typeof importHarness>>;

const EVENT_HEADER = ['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'eventType', 'start', 'end', 'roomSourcedId', 'teacherSourcedIds', 'isAttendanceMonitored', 'eventStatus', 'title'];
/** Two more lectures, the Thursdays after 15 October, in the main theatre. */
const extraLectures = [22, 29].map((day, i) => [`ev-lec-extra-${i}`, '', '', 'GR1001-LEC', 'Lecture', `2026-10-${day}T09:00:00+01:00`, `2026-10-${day}T10:00:00+01:00`, 'MB-0.01', '', 'true', 'scheduled', '']);

/** The small university with those lectures, and a third room to move classes to. */
function withExtraLectures(): Files {
  const files = universityFiles();
  return {
    ...files,
    'ext.events.csv': [...(files['ext.events.csv'] ?? []), ...extraLectures],
    'ext.rooms.csv': [...(files['ext.rooms.csv'] ?? []), ['MB-2.20', '', '', 'Seminar Room 2.20', 'Main Building', '', '', '2', '30']],
  };
}

/** A delta moving the given events (rows of the bulk file) to `room`. */
function moveTo(ids: readonly string[], room: string): Files {
  const rows = (withExtraLectures()['ext.events.csv'] ?? []).slice(1).filter((row) => ids.includes(String(row[0])));
  return { 'ext.events.csv': [EVENT_HEADER, ...rows.map((row) => [row[0] ?? '', 'active', '2026-10-12T09:00:00Z', ...row.slice(3, 7), room, ...row.slice(8)])] };
}

const titlesOf = async (userName: string) =>
  (await t.db.selectFrom('notifications as n').innerJoin('users as u', 'u.id', 'n.user_id').select('n.title')
    .where('u.user_name', '=', userName).orderBy('n.id').execute()).map((n) => n.title);

beforeAll(async () => {
  t = await createTestDatabase('empty');
  h = await importHarness(t.db, new Date('2026-10-12T08:00:00Z'));
  await h.apply(withExtraLectures());
});
afterAll(async () => {
  await t.drop();
});

describe('what an import tells people, and what a revert may undo', () => {
  it('tells each person of each moved class, and sends one digest instead when more than three of theirs moved', async () => {
    await h.apply(moveTo(['ev-lec-1', 'ev-lec-extra-0', 'ev-lec-extra-1', 'ev-lab-a-1'], 'MB-2.20'), { 'ext.events.csv': 'delta' });
    // alice has all four: one digest. bob has the three lectures: a notification each. The lecturer teaches all four.
    expect(await titlesOf('alice@test.ac.uk')).toEqual(['4 of your classes changed']);
    expect(await titlesOf('bob@test.ac.uk')).toEqual(['Moved: GR1001 Lecture', 'Moved: GR1001 Lecture', 'Moved: GR1001 Lecture']);
    expect(await titlesOf('lect@test.ac.uk')).toEqual(['4 of your classes changed']);
    // Each single change opens its class on the timetable (its week and card); a digest, the timetable.
    const urlsOf = async (userName: string) =>
      (await t.db.selectFrom('notifications as n').innerJoin('users as u', 'u.id', 'n.user_id').select('n.url')
        .where('u.user_name', '=', userName).orderBy('n.id').execute()).map((n) => n.url);
    const lectures = await t.db.selectFrom('timetable_events').select(['id', 'sourced_id'])
      .where('sourced_id', 'in', ['ev-lec-1', 'ev-lec-extra-0', 'ev-lec-extra-1']).execute();
    const idOf = (sourcedId: string) => lectures.find((e) => e.sourced_id === sourcedId)?.id;
    expect((await urlsOf('bob@test.ac.uk')).sort()).toEqual([
      `/timetable?week=2026-10-15#class-${idOf('ev-lec-1')}`,
      `/timetable?week=2026-10-22#class-${idOf('ev-lec-extra-0')}`,
      `/timetable?week=2026-10-29#class-${idOf('ev-lec-extra-1')}`,
    ].sort());
    expect(await urlsOf('alice@test.ac.uk')).toEqual(['/timetable']);
  });

  it('refuses to revert a batch a later one built on, until that later one is reverted', async () => {
    const first = await h.apply(moveTo(['ev-lab-b-1'], 'MB-0.01'), { 'ext.events.csv': 'delta' });
    const second = await h.apply(moveTo(['ev-lab-b-1'], 'MB-1.10'), { 'ext.events.csv': 'delta' });
    expect((await h.service.report(first.rowId)).isRevertable).toBe(false);
    await expect(h.service.requestRevert(h.adminId, first.rowId)).rejects.toMatchObject({
      statusCode: 409, errors: { state: ['A later import changed the same records. Revert that import first.'] },
    });
    await h.service.requestRevert(h.adminId, second.rowId);
    await h.service.revert(second.rowId);
    const room = async () => (await t.db.selectFrom('timetable_events').select('room_id').where('sourced_id', '=', 'ev-lab-b-1').executeTakeFirstOrThrow()).room_id;
    expect(await room()).toBe('MB-0.01');
    expect((await h.service.report(first.rowId)).isRevertable).toBe(true);
    await h.service.requestRevert(h.adminId, first.rowId);
    await h.service.revert(first.rowId);
    expect(await room()).toBe('MB-1.10');
    expect((await h.service.report(first.rowId)).state).toBe('reverted');
    await expect(h.service.requestRevert(h.adminId, first.rowId)).rejects.toMatchObject({ statusCode: 409 });
  });
});
