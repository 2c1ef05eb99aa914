import type { Transaction } from 'kysely';
import type { AdGroup, AdGroupBody } from '../../../shared/contract/adminAudience.js';
import { recordAudit } from '../../audit/auditLog.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { duplicate, inUse } from './adminErrors.js';
import { isUniqueViolation } from '../../db/sqlErrors.js';
import { present } from '../../../shared/guards.js';

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

export async function listAdGroups(db: Db): Promise<AdGroup[]> {
  return (await groupQuery(db).execute()).map(toGroup);
}

async function getGroup(db: Db | Transaction<Database>, id: number): Promise<AdGroup | undefined> {
  const row = await groupQuery(db).where('g.id', '=', id).executeTakeFirst();
  return row ? toGroup(row) : undefined;
}

const columnsOf = (body: AdGroupBody) => ({
  external_id: body.groupId,
  name: body.displayName,
  granted_roles: [...new Set(body.grantsRoles)],
  is_absence_review_group: body.isAbsenceReviewGroup,
  is_student_support_group: body.isStudentSupportGroup,
});

async function saveWithIdCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate('groupId', 'A group with this id is already known.');
    throw error;
  }
}

/** Adds a group ahead of anyone signing in with it; members are recorded at their sign-in. */
export function createAdGroup(db: Db, actorUserId: number, body: AdGroupBody, now: Date): Promise<AdGroup> {
  return saveWithIdCheck(() => db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('directory_groups').values(columnsOf(body)).returning('id').executeTakeFirstOrThrow();
    const after = present(await getGroup(trx, id), 'The saved directory group');
    await recordAudit(trx, { at: now, actorUserId, action: 'admin.adgroup.create', target: { type: 'adgroup', id }, after });
    return after;
  }));
}

/** The members of a group, by user id: whom a change of its grants reaches. */
async function memberIds(trx: Db | Transaction<Database>, id: number): Promise<number[]> {
  return (await trx.selectFrom('directory_group_members').select('user_id').where('group_id', '=', id).orderBy('user_id').execute()).map((row) => row.user_id);
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((item) => b.includes(item));

/**
 * A change of what the group grants (roles, absence reviewing, Student Support) reaches every member on their next
 * request, on every instance: roles are read from the groups, not copied (effective_user_roles,
 * 0025). The audit entry names the members it reached.
 */
export function updateAdGroup(db: Db, actorUserId: number, id: number, body: AdGroupBody, now: Date): Promise<AdGroup> {
  return saveWithIdCheck(() => db.transaction().execute(async (trx) => {
    await trx.selectFrom('directory_groups').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const before = await getGroup(trx, id);
    if (!before) throw notFound('The directory group');
    await trx.updateTable('directory_groups').set(columnsOf(body)).where('id', '=', id).execute();
    const after = present(await getGroup(trx, id), 'The saved directory group');
    const isGrantChanged = !sameSet(before.grantsRoles, after.grantsRoles) || before.isAbsenceReviewGroup !== after.isAbsenceReviewGroup
      || before.isStudentSupportGroup !== after.isStudentSupportGroup;
    const context = isGrantChanged ? { affectedUserIds: await memberIds(trx, id) } : undefined;
    await recordAudit(trx, { at: now, actorUserId, action: 'admin.adgroup.update', target: { type: 'adgroup', id }, before, after, ...(context ? { context } : {}) });
    return after;
  }));
}

/** Refused (409) while a rule names the group; its memberships go with it. */
export async function deleteAdGroup(db: Db, actorUserId: number, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('directory_groups').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const before = await getGroup(trx, id);
    if (!before) throw notFound('The directory group');
    if (before.ruleCount > 0) throw inUse(`${before.ruleCount} rule(s) name this group. Take it out of them first.`);
    // Its members lose what it granted on their next request.
    const affectedUserIds = await memberIds(trx, id);
    await trx.deleteFrom('directory_groups').where('id', '=', id).execute();
    await recordAudit(trx, { at: now, actorUserId, action: 'admin.adgroup.delete', target: { type: 'adgroup', id }, before, context: { affectedUserIds } });
  });
}
