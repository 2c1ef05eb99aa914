import type { Role } from '../../../shared/contract/route.js';
import type { Db } from '../../db/database.js';

/** Who a notification is for: users by id, holders of any of the roles, or members of any of the directory groups (by rowId). */
export type Audience =
  | { readonly userIds: readonly number[] }
  | { readonly roles: readonly Role[] }
  | { readonly directoryGroups: readonly number[] };

/** The distinct, existing users of an audience, in id order. */
export async function audienceUserIds(db: Db, audience: Audience): Promise<number[]> {
  let rows: { user_id: number }[];
  if ('userIds' in audience) {
    if (audience.userIds.length === 0) return [];
    rows = await db.selectFrom('users').select('id as user_id').where('id', 'in', [...audience.userIds]).execute();
  } else if ('roles' in audience) {
    if (audience.roles.length === 0) return [];
    rows = await db.selectFrom('effective_user_roles').select('user_id').distinct().where('role', 'in', [...audience.roles]).execute();
  } else {
    if (audience.directoryGroups.length === 0) return [];
    rows = await db
      .selectFrom('directory_group_members')
      .select('user_id')
      .distinct()
      .where('group_id', 'in', [...audience.directoryGroups])
      .execute();
  }
  return [...new Set(rows.map((row) => row.user_id))].sort((a, b) => a - b);
}
