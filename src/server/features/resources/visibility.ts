import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { userPassesTargetRules } from '../admin/ruleMatch.js';

/**
 * Targeting by the admin's audience rules (`features/admin/ruleMatch.ts`). A link or a category
 * with rules is visible only to users matching at least one of them; without rules everyone signed
 * in sees it. Inactive links are shown to no one. The rules are read by the query itself, so a
 * rule added, changed or switched off by an administrator applies on the next request.
 */
export function visibleLinks(db: Db, userId: number) {
  const user = sql<number>`${userId}::integer`;
  return db
    .selectFrom('resource_links as l')
    .innerJoin('resource_categories as c', 'c.id', 'l.category_id')
    .where('l.is_active', '=', true)
    .where(userPassesTargetRules('resource_link_rules', 'link_id', sql.ref<number>('l.id'), user))
    .where(userPassesTargetRules('resource_category_rules', 'category_id', sql.ref<number>('c.id'), user));
}

/** The columns a `ResourceLink` is made of. */
export const linkColumns = ['l.id', 'l.display_name', 'l.url', 'l.description'] as const;

export interface LinkRow {
  readonly id: number;
  readonly display_name: string;
  readonly url: string;
  readonly description: string | null;
}
