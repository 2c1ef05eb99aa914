import type { Db } from '../database.js';
import { idOf } from './people.js';

/** The school office: a directory group marked as absence reviewers, with `staff` in it. */
export const schoolOfficeGroup = { externalId: 'demo-school-office', name: 'School Office' } as const;

export async function seedReviewers(db: Db, users: ReadonlyMap<string, number>): Promise<void> {
  const { id } = await db
    .insertInto('directory_groups')
    .values({ external_id: schoolOfficeGroup.externalId, name: schoolOfficeGroup.name, granted_roles: [], is_absence_review_group: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('directory_group_members').values({ group_id: id, user_id: idOf(users, 'staff') }).execute();
}
