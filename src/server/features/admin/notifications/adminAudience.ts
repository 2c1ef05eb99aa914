import { sql } from 'kysely';
import type { Role } from '../../../../shared/contract/route.js';
import { adminNotificationMessages as messages, type NotificationAudience } from '../../../../shared/contract/adminNotifications.js';
import type { Db } from '../../../db/database.js';
import type { StoredAudience } from '../../../db/schema.adminNotifications.js';
import type { FieldErrors } from '../../../http/errors.js';
import { resolveRuleUserIds } from '../rules.service.js';

/** An audience resolved now: its users, and what it names that does not exist. */
export interface ResolvedAudience {
  readonly userIds: number[];
  readonly unknownUserNames: string[];
  readonly unknownRuleRowIds: number[];
  readonly unknownGroupRowIds: number[];
}

/** The audience as stored: every list present, duplicates and surrounding spaces gone. */
export function normaliseAudience(audience: NotificationAudience): StoredAudience {
  const unique = <T>(values: readonly T[] | undefined): T[] => [...new Set(values ?? [])];
  return {
    ruleRowIds: unique(audience.ruleRowIds),
    roles: unique(audience.roles),
    adGroupRowIds: unique(audience.adGroupRowIds),
    userNames: unique(audience.userNames?.map((name) => name.trim())),
  };
}

const isEveryone = (audience: StoredAudience): boolean =>
  audience.ruleRowIds.length === 0 && audience.roles.length === 0 && audience.adGroupRowIds.length === 0 && audience.userNames.length === 0;

/**
 * The users an audience reaches now: anyone matching one of its rules, holding one of its roles
 * (held directly or granted by a directory group), in one of its groups, or named. Every list
 * empty means every user.
 */
export async function resolveAudience(db: Db, audience: StoredAudience): Promise<ResolvedAudience> {
  const ids = new Set<number>();
  const add = (rows: readonly { id: number }[]): void => rows.forEach((row) => ids.add(row.id));
  if (isEveryone(audience)) {
    add(await db.selectFrom('users').select('id').execute());
    return { userIds: sorted(ids), unknownUserNames: [], unknownRuleRowIds: [], unknownGroupRowIds: [] };
  }
  let unknownRuleRowIds: number[] = [];
  if (audience.ruleRowIds.length > 0) {
    const ruleIds = sql<number>`any(${audience.ruleRowIds}::int[])`;
    const known = new Set((await db.selectFrom('audience_rules').select('id').where('id', '=', ruleIds).execute()).map((row) => row.id));
    unknownRuleRowIds = audience.ruleRowIds.filter((id) => !known.has(id));
    // An inactive rule matches no one (rules.service), so switching a rule off narrows a scheduled send.
    if (known.size > 0) (await resolveRuleUserIds(db, [...known])).forEach((id) => ids.add(id));
  }
  if (audience.roles.length > 0) {
    const roles = sql<Role>`any(${audience.roles}::text[])`;
    // The view holds the roles directory groups grant too (0025).
    add(await db.selectFrom('effective_user_roles').select('user_id as id').where('role', '=', roles).execute());
  }
  let unknownGroupRowIds: number[] = [];
  if (audience.adGroupRowIds.length > 0) {
    const groupIds = sql<number>`any(${audience.adGroupRowIds}::int[])`;
    const known = new Set((await db.selectFrom('directory_groups').select('id').where('id', '=', groupIds).execute()).map((row) => row.id));
    unknownGroupRowIds = audience.adGroupRowIds.filter((id) => !known.has(id));
    add(await db.selectFrom('directory_group_members').select('user_id as id').where('group_id', '=', groupIds).execute());
  }
  let unknownUserNames: string[] = [];
  if (audience.userNames.length > 0) {
    const lowered = audience.userNames.map((name) => name.toLowerCase());
    const users = await db
      .selectFrom('users')
      .select(['id', 'user_name'])
      .where(sql<string>`lower(user_name)`, '=', sql<string>`any(${lowered}::text[])`)
      .execute();
    add(users);
    const found = new Set(users.map((user) => user.user_name.toLowerCase()));
    unknownUserNames = audience.userNames.filter((name) => !found.has(name.toLowerCase()));
  }
  return { userIds: sorted(ids), unknownUserNames, unknownRuleRowIds, unknownGroupRowIds };
}

const sorted = (ids: Set<number>): number[] => [...ids].sort((a, b) => a - b);

/** Field errors for an audience that names what does not exist, or reaches nobody. */
export function audienceErrors(resolved: ResolvedAudience): FieldErrors {
  const errors: FieldErrors = {};
  if (resolved.unknownUserNames.length > 0) {
    errors['audience.userNames'] = resolved.unknownUserNames.map((name) => `${messages.unknownUserNames} ${name}.`);
  }
  if (resolved.unknownRuleRowIds.length > 0) errors['audience.ruleRowIds'] = [`${messages.unknownRules} ${resolved.unknownRuleRowIds.join(', ')}.`];
  if (resolved.unknownGroupRowIds.length > 0) errors['audience.adGroupRowIds'] = [`${messages.unknownGroups} ${resolved.unknownGroupRowIds.join(', ')}.`];
  if (Object.keys(errors).length === 0 && resolved.userIds.length === 0) errors.audience = [messages.noRecipients];
  return errors;
}
