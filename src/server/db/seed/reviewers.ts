import type { Db } from '../database.js';
import { idOf } from './people.js';

/** The school office: a directory group marked as absence reviewers, with `staff` in it. */
export const schoolOfficeGroup = { externalId: 'demo-school-office', name: 'School Office' } as const;

/** Student Support: a directory group marked as handling referrals, with `support` in it (issue 31). */
export const studentSupportGroup = { externalId: 'demo-student-support', name: 'Student Support' } as const;

export async function seedReviewers(db: Db, users: ReadonlyMap<string, number>): Promise<void> {
  const { id } = await db
    .insertInto('directory_groups')
    .values({ external_id: schoolOfficeGroup.externalId, name: schoolOfficeGroup.name, granted_roles: [], is_absence_review_group: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('directory_group_members').values({ group_id: id, user_id: idOf(users, 'staff') }).execute();
  const support = await db
    .insertInto('directory_groups')
    .values({ external_id: studentSupportGroup.externalId, name: studentSupportGroup.name, granted_roles: [], is_student_support_group: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('directory_group_members').values({ group_id: support.id, user_id: idOf(users, 'support') }).execute();
}
