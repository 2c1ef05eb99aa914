import { sql } from 'kysely';
import type { Role } from '../../../shared/contract/route.js';
import type { Db } from '../../db/database.js';
import { resolveRuleUserIds } from '../admin/rules.service.js';

/**
 * Who a notification is for: the one place that says what each way of naming people means (issue
 * 33 §3). Every list given adds its users:
 * - `userIds`: those users, if they exist;
 * - `userNames`: users by sign-in name, in any case;
 * - `roles`: holders of any of the roles, held directly or granted by a directory group
 *   (`effective_user_roles`, migration 0025);
 * - `directoryGroups`: members of any of the groups (by rowId);
 * - `rules`: users matching any of the audience rules (an inactive rule matches no one).
 *
 * `everyone` reaches every user. Nothing given, or only empty lists, reaches no one.
 */
export interface Audience {
  readonly everyone?: boolean;
  readonly userIds?: readonly number[];
  readonly userNames?: readonly string[];
  /** Role names (SPEC §6); stored audiences keep them as text. */
  readonly roles?: readonly string[];
  readonly directoryGroups?: readonly number[];
  readonly rules?: readonly number[];
}

/** An audience resolved now: its users (distinct, in id order), and what it names that does not exist. */
export interface ResolvedAudience {
  readonly userIds: number[];
  readonly unknownUserNames: string[];
  readonly unknownRuleRowIds: number[];
  readonly unknownGroupRowIds: number[];
}

export async function resolveAudience(db: Db, audience: Audience): Promise<ResolvedAudience> {
  const ids = new Set<number>();
  const add = (rows: readonly { id: number }[]): void => rows.forEach((row) => ids.add(row.id));
  if (audience.everyone === true) add(await db.selectFrom('users').select('id').execute());
  const userIds = audience.userIds ?? [];
  if (userIds.length > 0) add(await db.selectFrom('users').select('id').where('id', '=', sql<number>`any(${[...userIds]}::int[])`).execute());
  const roles = audience.roles ?? [];
  if (roles.length > 0) {
    add(await db.selectFrom('effective_user_roles').select('user_id as id').where('role', '=', sql<Role>`any(${[...roles]}::text[])`).execute());
  }
  const unknownGroupRowIds = await addGroupMembers(db, audience.directoryGroups ?? [], add);
  const unknownRuleRowIds = await addRuleMatches(db, audience.rules ?? [], ids);
  const unknownUserNames = await addNamedUsers(db, audience.userNames ?? [], add);
  return { userIds: [...ids].sort((a, b) => a - b), unknownUserNames, unknownRuleRowIds, unknownGroupRowIds };
}

/** The distinct, existing users of an audience, in id order. */
export async function audienceUserIds(db: Db, audience: Audience): Promise<number[]> {
  return (await resolveAudience(db, audience)).userIds;
}

type AddRows = (rows: readonly { id: number }[]) => void;

async function addGroupMembers(db: Db, groupRowIds: readonly number[], add: AddRows): Promise<number[]> {
  if (groupRowIds.length === 0) return [];
  const groupIds = sql<number>`any(${[...groupRowIds]}::int[])`;
  const known = new Set((await db.selectFrom('directory_groups').select('id').where('id', '=', groupIds).execute()).map((row) => row.id));
  add(await db.selectFrom('directory_group_members').select('user_id as id').where('group_id', '=', groupIds).execute());
  return groupRowIds.filter((id) => !known.has(id));
}

async function addRuleMatches(db: Db, ruleRowIds: readonly number[], ids: Set<number>): Promise<number[]> {
  if (ruleRowIds.length === 0) return [];
  const ruleIds = sql<number>`any(${[...ruleRowIds]}::int[])`;
  const known = new Set((await db.selectFrom('audience_rules').select('id').where('id', '=', ruleIds).execute()).map((row) => row.id));
  // resolveRuleUserIds reads an empty list as everyone: only ask when a named rule exists.
  if (known.size > 0) (await resolveRuleUserIds(db, [...known])).forEach((id) => ids.add(id));
  return ruleRowIds.filter((id) => !known.has(id));
}

async function addNamedUsers(db: Db, userNames: readonly string[], add: AddRows): Promise<string[]> {
  if (userNames.length === 0) return [];
  const lowered = userNames.map((name) => name.toLowerCase());
  const users = await db
    .selectFrom('users')
    .select(['id', 'user_name'])
    .where(sql<string>`lower(user_name)`, '=', sql<string>`any(${lowered}::text[])`)
    .execute();
  add(users);
  const found = new Set(users.map((user) => user.user_name.toLowerCase()));
  return userNames.filter((name) => !found.has(name.toLowerCase()));
}
