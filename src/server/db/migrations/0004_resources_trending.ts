import { sql, type Kysely } from 'kysely';

/**
 * Resource categories and links, their opens (popularity), targeting rules, favourites;
 * trending items, their favourites and the cache of the last good fetch per source.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resource_categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('colour', 'text', (c) => c.notNull().check(sql`colour ~ '^#([0-9a-fA-F]{3}){1,2}$'`))
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('resource_links')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('resource_categories.id').onDelete('cascade'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().check(sql`url ~ '^https?://'`))
    .addColumn('description', 'text')
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('resource_links_category_idx')
    .on('resource_links')
    .columns(['category_id', 'display_order'])
    .execute();

  await db.schema
    .createTable('resource_link_opens')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('link_id', 'integer', (c) => c.notNull().references('resource_links.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('resource_link_opens_at_idx')
    .on('resource_link_opens')
    .columns(['opened_at', 'link_id'])
    .execute();
  await db.schema
    .createIndex('resource_link_opens_link_idx')
    .on('resource_link_opens')
    .column('link_id')
    .execute();

  await db.schema
    .createTable('link_targeting_rules')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('link_id', 'integer', (c) => c.references('resource_links.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.references('resource_categories.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.check(sql`role in ('Student', 'TeachingStaff', 'Administrator')`))
    .addColumn('directory_group_id', 'integer', (c) => c.references('directory_groups.id').onDelete('cascade'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('link_targeting_rules_one_target', sql`(link_id is null) <> (category_id is null)`)
    .addCheckConstraint('link_targeting_rules_one_audience', sql`(role is null) <> (directory_group_id is null)`)
    .execute();

  await db.schema
    .createTable('favourite_resources')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('link_id', 'integer', (c) => c.notNull().references('resource_links.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('favourite_resources_user_link_uq', ['user_id', 'link_id'])
    .execute();

  await db.schema
    .createTable('trending_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('image_url', 'text')
    .addColumn('url', 'text', (c) => c.notNull().check(sql`url ~ '^https?://'`))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('local', 'wordpress')`))
    .addColumn('external_id', 'text')
    .addUniqueConstraint('trending_items_source_external_uq', ['source', 'external_id'])
    .execute();
  await db.schema.createIndex('trending_items_published_idx').on('trending_items').column('published_at').execute();

  await db.schema
    .createTable('favourite_trending')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('trending_item_id', 'integer', (c) => c.notNull().references('trending_items.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('favourite_trending_user_item_uq', ['user_id', 'trending_item_id'])
    .execute();

  await db.schema
    .createTable('trending_cache')
    .addColumn('source', 'text', (c) => c.primaryKey().check(sql`source in ('local', 'wordpress')`))
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'trending_cache', 'favourite_trending', 'trending_items', 'favourite_resources',
    'link_targeting_rules', 'resource_link_opens', 'resource_links', 'resource_categories',
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
