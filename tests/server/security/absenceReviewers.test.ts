import { beforeAll, describe, expect, it } from 'vitest';
import { staffAbsenceListRoute, staffAbsenceRoutes } from '../../../src/shared/contract/staffAbsences.js';
import { userInfoRoute, type SessionUserInfo } from '../../../src/shared/contract/user.js';
import type { Caller } from '../../helpers/testApp.js';
import { useTestApp } from '../../helpers/useTestApp.js';

/**
 * Who reviews absence requests: members of a directory group marked as an absence-review group
 * (the seeded School Office holds `staff`), and Administrators. Everyone else gets 403 on every
 * staff absence route, whatever the id or body.
 */
const t = useTestApp();
const callers = new Map<string, Caller>();
const as = (name: string): Caller => {
  const caller = callers.get(name);
  if (!caller) throw new Error(`no caller ${name}`);
  return caller;
};
let requestId: number;
let fileId: number;

beforeAll(async () => {
  for (const name of ['student', 'student2', 'student.unenrolled', 'lecturer', 'staff', 'admin']) callers.set(name, await t.signIn(name));
  const request = await t.db.selectFrom('absence_requests').select(['id', 'last_modified']).where('status', '=', 'Pending').orderBy('id').executeTakeFirstOrThrow();
  requestId = request.id;
  const file = await t.db
    .insertInto('absence_files')
    .values({ request_id: requestId, file_name: 'note.pdf', content_type: 'application/pdf', size_bytes: 10, storage_key: 'f'.repeat(32) })
    .returning('id')
    .executeTakeFirstOrThrow();
  fileId = file.id;
});

const callEach = (caller: Caller) =>
  Promise.all(staffAbsenceRoutes.map(async (route) => {
    const response = await t.call(route, {
      params: { rowId: requestId, fileRowId: fileId },
      body: { absenceStatus: 'Approved', lastModified: '2030-01-01T00:00:00Z' },
      as: caller,
    });
    return [route.id, response.statusCode] as const;
  }));

describe('staff absence routes', () => {
  it.each(['student', 'student2', 'student.unenrolled', 'lecturer'])('refuse %s with 403 on every route, and change nothing', async (name) => {
    const before = await t.db.selectFrom('absence_requests').selectAll().where('id', '=', requestId).executeTakeFirstOrThrow();
    const answers = await callEach(as(name));
    expect(answers).toEqual(staffAbsenceRoutes.map((route) => [route.id, 403]));
    expect(await t.db.selectFrom('absence_requests').selectAll().where('id', '=', requestId).executeTakeFirstOrThrow()).toEqual(before);
  });

  it.each(['staff', 'admin'])('let %s, a reviewer, read the queue', async (name) => {
    const response = await t.call(staffAbsenceListRoute, { as: as(name) });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ total: number }>().total).toBeGreaterThan(0);
  });

  it('refuse a member of a group that is not an absence-review group, until an administrator marks it', async () => {
    const group = await t.db.insertInto('directory_groups').values({ external_id: 'grp-library', name: 'Library', granted_roles: [] }).returning('id').executeTakeFirstOrThrow();
    const lecturerId = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'lecturer').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('directory_group_members').values({ group_id: group.id, user_id: lecturerId }).execute();
    expect((await t.call(staffAbsenceListRoute, { as: as('lecturer') })).statusCode).toBe(403);
    await t.db.updateTable('directory_groups').set({ is_absence_review_group: true }).where('id', '=', group.id).execute();
    expect((await t.call(staffAbsenceListRoute, { as: as('lecturer') })).statusCode).toBe(200);
    await t.db.updateTable('directory_groups').set({ is_absence_review_group: false }).where('id', '=', group.id).execute();
    expect((await t.call(staffAbsenceListRoute, { as: as('lecturer') })).statusCode).toBe(403);
  });
});

describe('user info', () => {
  it.each([
    ['student', false],
    ['lecturer', false],
    ['staff', true],
    ['admin', true],
  ] as const)('tells the client whether %s reviews absences (%s)', async (name, expected) => {
    const info = (await t.call(userInfoRoute, { as: as(name) })).json<SessionUserInfo>();
    expect(info.isAbsenceReviewer).toBe(expected);
  });

  it('lists the School Office among staff’s directory groups', async () => {
    const info = (await t.call(userInfoRoute, { as: as('staff') })).json<SessionUserInfo>();
    expect(info.userAdGroups).toContain('School Office');
  });
});
