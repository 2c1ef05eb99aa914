import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { idOf } from './support.js';

const t = useTestApp();


const recipients = async (title: string): Promise<string[]> =>
  (await t.db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select('u.user_name')
    .where('n.title', '=', title)
    .orderBy('u.user_name')
    .execute()).map((row) => row.user_name);

describe('notify(audience, type, message)', () => {
  it('reaches users by id', async () => {
    const result = await t.app.notifier.notify({ userIds: [await idOf(t.db, 'staff'), await idOf(t.db, 'admin'), 999_999] }, 'General', { title: 'By id', body: '' });
    expect(result).toEqual({ notified: 2, devices: 0 });
    expect(await recipients('By id')).toEqual(['admin', 'staff']);
  });

  it('reaches the holders of any of the roles', async () => {
    await t.app.notifier.notify({ roles: ['TeachingStaff', 'Administrator'] }, 'General', { title: 'By role', body: '' });
    expect(await recipients('By role')).toEqual(expect.arrayContaining(['admin', 'lecturer']));
    expect(await recipients('By role')).not.toContain('student');
  });

  it('reaches the members of directory groups', async () => {
    const { id: groupId } = await t.db
      .insertInto('directory_groups')
      .values({ external_id: 'grp-erasmus', name: 'Erasmus students' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('directory_group_members').values([
      { group_id: groupId, user_id: await idOf(t.db, 'student2') },
      { group_id: groupId, user_id: await idOf(t.db, 'staff') },
    ]).execute();
    await t.app.notifier.notify({ directoryGroups: [groupId] }, 'General', { title: 'By group', body: '' });
    expect(await recipients('By group')).toEqual(['staff', 'student2']);
  });

  it('notifies an empty audience without error', async () => {
    expect(await t.app.notifier.notify({ roles: [] }, 'General', { title: 'Nobody', body: '' })).toEqual({ notified: 0, devices: 0 });
  });

  it('notifies once per dedupe key', async () => {
    const audience = { userIds: [await idOf(t.db, 'student')] };
    const first = await t.app.notifier.notify(audience, 'General', { title: 'Once', body: '' }, { dedupeKey: 'once' });
    const again = await t.app.notifier.notify(audience, 'General', { title: 'Once', body: '' }, { dedupeKey: 'once' });
    expect([first.notified, again.notified]).toEqual([1, 0]);
  });

  it.each([
    ['an empty title', { title: ' ', body: 'x' }, 'title'],
    ['a javascript: url', { title: 'x', body: 'x', url: 'javascript:alert(1)' }, 'url'],
    ['a protocol-relative url', { title: 'x', body: 'x', url: '//attacker.example' }, 'url'],
  ])('refuses %s with a 400', async (_what, message, field) => {
    await expect(t.app.notifier.notify({ roles: ['Student'] }, 'General', message)).rejects.toMatchObject({ statusCode: 400, errors: { [field]: expect.any(Array) } });
  });
});
