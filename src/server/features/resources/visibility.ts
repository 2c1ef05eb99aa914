import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Targeting by the admin-managed `link_targeting_rules`. A link or a category with active rules is
 * visible only to users who hold one of the rules' roles or belong to one of the rules' directory
 * groups; without active rules everyone sees it. The rules are read by the query itself, so a rule
 * added, changed or deactivated by an administrator applies on the next request, with no code change.
 */
function isVisible(target: 'link_id' | 'category_id', id: Expression<number>, userId: number): RawBuilder<SqlBool> {
  const activeRules = sql`link_targeting_rules r where r.is_active and r.${sql.ref(target)} = ${id}`;
  return sql<SqlBool>`(
    not exists (select 1 from ${activeRules})
    or exists (
      select 1 from ${activeRules}
      and (
        r.role in (select ur.role from user_roles ur where ur.user_id = ${userId})
        or r.directory_group_id in (select m.group_id from directory_group_members m where m.user_id = ${userId})
      )
    )
  )`;
}

/** The links `userId` may see: the link and its category both pass their targeting rules. */
export function visibleLinks(db: Db, userId: number) {
  return db
    .selectFrom('resource_links as l')
    .innerJoin('resource_categories as c', 'c.id', 'l.category_id')
    .where(isVisible('link_id', sql.ref<number>('l.id'), userId))
    .where(isVisible('category_id', sql.ref<number>('c.id'), userId));
}

/** The columns a `ResourceLink` is made of. */
export const linkColumns = ['l.id', 'l.display_name', 'l.url', 'l.description'] as const;

export interface LinkRow {
  readonly id: number;
  readonly display_name: string;
  readonly url: string;
  readonly description: string | null;
}
