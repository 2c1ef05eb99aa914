import type { Transaction } from 'kysely';
import type { AdGroup, AdGroupBody } from '../../../shared/contract/adminAudience.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { duplicate, inUse } from './adminErrors.js';
import { defineCollectionService } from './collection/adminCollection.service.js';

function groupQuery(db: Db | Transaction<Database>) {
  return db
    .selectFrom('directory_groups as g')
    .select((eb) => [
      'g.id', 'g.external_id', 'g.name', 'g.granted_roles', 'g.is_absence_review_group', 'g.is_student_support_group',
      eb.selectFrom('directory_group_members as m').select(eb.fn.countAll<number>().as('n')).whereRef('m.group_id', '=', 'g.id').as('members'),
      eb.selectFrom('audience_rule_groups as rg').select(eb.fn.countAll<number>().as('n')).whereRef('rg.group_id', '=', 'g.id').as('rules'),
    ])
    .orderBy('g.name')
    .orderBy('g.id');
}

type GroupRow = Awaited<ReturnType<ReturnType<typeof groupQuery>['executeTakeFirstOrThrow']>>;

const toGroup = (row: GroupRow): AdGroup => ({
  rowId: row.id,
  groupId: row.external_id,
  displayName: row.name,
  grantsRoles: row.granted_roles,
  isAbsenceReviewGroup: row.is_absence_review_group,
  isStudentSupportGroup: row.is_student_support_group,
  memberCount: Number(row.members ?? 0),
  ruleCount: Number(row.rules ?? 0),
});

const columnsOf = (body: AdGroupBody) => ({
  external_id: body.groupId,
  name: body.displayName,
  granted_roles: [...new Set(body.grantsRoles)],
  is_absence_review_group: body.isAbsenceReviewGroup,
  is_student_support_group: body.isStudentSupportGroup,
});

/** The members of a group, by user id: whom a change of its grants reaches. */
async function memberIds(trx: Db | Transaction<Database>, id: number): Promise<number[]> {
  return (await trx.selectFrom('directory_group_members').select('user_id').where('group_id', '=', id).orderBy('user_id').execute()).map((row) => row.user_id);
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((item) => b.includes(item));

/**
 * Directory groups. A group is added ahead of anyone signing in with it; members are recorded at
 * their sign-in. A group id already known is a 400 on `groupId`.
 *
 * A change of what the group grants (roles, absence reviewing, Student Support) reaches every
 * member on their next request, on every instance: roles are read from the groups, not copied
 * (effective_user_roles, 0025). The audit entry names the members it reached.
 *
 * A delete is refused (409) while a rule names the group; its memberships go with it, and its
 * members lose what it granted on their next request.
 */
export const adGroups = defineCollectionService<AdGroup, AdGroupBody>({
  table: 'directory_groups',
  subject: 'The directory group',
  audit: { action: 'adgroup', type: 'adgroup' },
  list: async (db) => (await groupQuery(db).execute()).map(toGroup),
  get: async (db, id) => {
    const row = await groupQuery(db).where('g.id', '=', id).executeTakeFirst();
    return row ? toGroup(row) : undefined;
  },
  insert: async (trx, body) => (await trx.insertInto('directory_groups').values(columnsOf(body)).returning('id').executeTakeFirstOrThrow()).id,
  update: async (trx, id, body) => {
    await trx.updateTable('directory_groups').set(columnsOf(body)).where('id', '=', id).execute();
  },
  nameTaken: () => duplicate('groupId', 'A group with this id is already known.'),
  updateContext: async (trx, id, before, after) => {
    const isGrantChanged = !sameSet(before.grantsRoles, after.grantsRoles) || before.isAbsenceReviewGroup !== after.isAbsenceReviewGroup
      || before.isStudentSupportGroup !== after.isStudentSupportGroup;
    return isGrantChanged ? { affectedUserIds: await memberIds(trx, id) } : undefined;
  },
  refuseDelete: (before) => (before.ruleCount > 0 ? inUse(`${before.ruleCount} rule(s) name this group. Take it out of them first.`) : undefined),
  deleteContext: async (trx, id) => ({ affectedUserIds: await memberIds(trx, id) }),
});
