import { sql, type Kysely } from 'kysely';

const TYPES = sql`array['General', 'Timetable', 'Attendance']::text[]`;

/**
 * Notifications and push subscriptions, preferences and their option lists, feedback and
 * feedback prompts, iCal subscriptions. The option lists are reference data, so they are
 * inserted here: every deployment, demo or not, offers them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('notification_type', 'text', (c) =>
      c.notNull().check(sql`notification_type in ('General', 'Timetable', 'Attendance')`),
    )
    .addColumn('url', 'text')
    .addColumn('date_sent', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('notifications_user_sent_idx')
    .on('notifications')
    .columns(['user_id', 'date_sent desc'])
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('webpush', 'fcm')`))
    .addColumn('endpoint', 'text')
    .addColumn('p256dh', 'text')
    .addColumn('auth', 'text')
    .addColumn('types', sql`text[]`, (c) => c.notNull().defaultTo(sql`array['General']::text[]`).check(sql`types <@ ${TYPES}`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'push_subscriptions_webpush_keys',
      sql`provider <> 'webpush' or (endpoint is not null and p256dh is not null and auth is not null)`,
    )
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('theme', 'text')
    .addColumn('border', 'text')
    .addColumn('font', 'text')
    .addColumn('app_preferences', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"isCategoryView": true}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('preference_options')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('theme', 'border', 'font')`))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull())
    .addUniqueConstraint('preference_options_kind_value_uq', ['kind', 'value'])
    .execute();
  await sql`
    insert into preference_options (kind, value, display_order) values
      ('theme', 'Auto', 1), ('theme', 'Light', 2), ('theme', 'Dark', 3),
      ('border', 'Rounded', 1), ('border', 'Square', 2),
      ('font', 'App Font', 1), ('font', 'System', 2), ('font', 'Open Dyslexic', 3)
  `.execute(db);

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('rating', 'integer', (c) => c.check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('feedback_prompts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prompted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('provided_feedback', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('feedback_prompts_user_at_idx')
    .on('feedback_prompts')
    .columns(['user_id', 'prompted_at desc'])
    .execute();

  await db.schema
    .createTable('ical_subscriptions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('unique_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'ical_subscriptions', 'feedback_prompts', 'feedback', 'preference_options',
    'user_preferences', 'push_subscriptions', 'notifications',
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
