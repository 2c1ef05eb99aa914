import { sql, type Kysely } from 'kysely';

/**
 * Feedback gains what the form sends beside the rating and comment: an optional category and the
 * app version that sent it, plus the request's Idempotency-Key (unique per user), so a feedback
 * the offline outbox replays after a lost answer is stored once. Personal tutors gain an office.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('feedback')
    .addColumn('category', 'text')
    .addColumn('app_version', 'text')
    .addColumn('idempotency_key', 'text')
    .execute();
  // NULLs are distinct: feedback sent without a key never conflicts.
  await db.schema
    .alterTable('feedback')
    .addUniqueConstraint('feedback_user_key_uq', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('feedback_created_idx').on('feedback').expression(sql`created_at desc`).execute();
  await db.schema.alterTable('personal_tutors').addColumn('office', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('personal_tutors').dropColumn('office').execute();
  await db.schema.dropIndex('feedback_created_idx').execute();
  await db.schema.alterTable('feedback').dropConstraint('feedback_user_key_uq').execute();
  await db.schema.alterTable('feedback').dropColumn('idempotency_key').dropColumn('app_version').dropColumn('category').execute();
}
