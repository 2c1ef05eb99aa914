import type { Kysely } from 'kysely';

/**
 * Lecturer register: a registration a lecturer made for a student ("Mark present", an audited
 * override) names that lecturer, so the register can tell it from the student's own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('attendance_registrations')
    .addColumn('marked_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('attendance_registrations').dropColumn('marked_by_user_id').execute();
}
