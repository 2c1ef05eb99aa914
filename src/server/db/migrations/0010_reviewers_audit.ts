import { sql, type Kysely } from 'kysely';

/**
 * Foundations shared by the staff side and the admin area:
 * - directory_groups.is_absence_review_group: members of such a group review absence requests;
 * - audit_log gains an index for its admin view, which reads newest first and filters by actor
 *   and by action.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('directory_groups')
    .addColumn('is_absence_review_group', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_user_at_idx').on('audit_log').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').expression(sql`action text_pattern_ops`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_action_idx').execute();
  await db.schema.dropIndex('audit_log_user_at_idx').execute();
  await db.schema.dropIndex('audit_log_at_idx').execute();
  await db.schema.alterTable('directory_groups').dropColumn('is_absence_review_group').execute();
}
