import { describe, expect, it } from 'vitest';
import { resolveAudience } from '../../../../src/server/features/notifications/audience.js';
import { resolveStoredAudience } from '../../../../src/server/features/admin/notifications/adminAudience.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { idOf } from './support.js';

const t = useTestApp();

const userNames = async (ids: readonly number[]): Promise<string[]> =>
  ids.length === 0 ? [] : (await t.db.selectFrom('users').select('user_name').where('id', 'in', [...ids]).orderBy('user_name').execute()).map((row) => row.user_name);

/** A directory group with the given members, granting the given roles. */
async function group(name: string, members: readonly string[], grantedRoles: readonly ('Student' | 'TeachingStaff' | 'Administrator')[] = []): Promise<number> {
  const { id } = await t.db
    .insertInto('directory_groups')
    .values({ external_id: `grp-${name}`, name, granted_roles: [...grantedRoles] })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const member of members) await t.db.insertInto('directory_group_members').values({ group_id: id, user_id: await idOf(t.db, member) }).execute();
  return id;
}

describe('the one audience resolver (issue 33 §3)', () => {
  it('counts a role a directory group grants as held, for a notice and for an administrator\'s send alike', async () => {
    await group('Visiting lecturers', ['student2'], ['TeachingStaff']);

    const byNotice = await resolveAudience(t.db, { roles: ['TeachingStaff'] });
    const bySend = await resolveStoredAudience(t.db, { roles: ['TeachingStaff'], ruleRowIds: [], adGroupRowIds: [], userNames: [] });

    expect(await userNames(byNotice.userIds)).toContain('student2');
    expect(bySend.userIds).toEqual(byNotice.userIds);
  });

  it('adds up every list given, each user once, and names what does not exist', async () => {
    const groupId = await group('Erasmus', ['student2', 'staff']);
    const resolved = await resolveAudience(t.db, {
      userIds: [await idOf(t.db, 'admin'), 999_999],
      userNames: ['STUDENT', 'nobody-here'],
      directoryGroups: [groupId, 888_888],
      rules: [777_777],
    });

    expect(await userNames(resolved.userIds)).toEqual(['admin', 'staff', 'student', 'student2']);
    expect(resolved).toMatchObject({ unknownUserNames: ['nobody-here'], unknownGroupRowIds: [888_888], unknownRuleRowIds: [777_777] });
  });

  it('reaches no one when given nothing, and every user only when asked for everyone', async () => {
    const allUsers = (await t.db.selectFrom('users').select('id').orderBy('id').execute()).map((row) => row.id);

    expect((await resolveAudience(t.db, {})).userIds).toEqual([]);
    expect((await resolveAudience(t.db, { roles: [], userIds: [] })).userIds).toEqual([]);
    expect((await resolveAudience(t.db, { everyone: true })).userIds).toEqual(allUsers);
    expect((await resolveStoredAudience(t.db, { roles: [], ruleRowIds: [], adGroupRowIds: [], userNames: [] })).userIds).toEqual(allUsers);
  });

  it('matches no one by a rule that is switched off', async () => {
    const { id: ruleId } = await t.db.insertInto('audience_rules').values({ name: 'All students', roles: ['Student'] }).returning('id').executeTakeFirstOrThrow();
    const active = await resolveAudience(t.db, { rules: [ruleId] });
    await t.db.updateTable('audience_rules').set({ is_active: false }).where('id', '=', ruleId).execute();
    const inactive = await resolveAudience(t.db, { rules: [ruleId] });

    expect(await userNames(active.userIds)).toContain('student');
    expect(inactive).toMatchObject({ userIds: [], unknownRuleRowIds: [] });
  });
});
