import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { userMatchesRule } from './ruleMatch.js';

/**
 * The ids of the users matching any of the given audience rules, ascending. An empty list means
 * everyone signed in: every user. Unknown and inactive rules match no one.
 */
export async function resolveRuleUserIds(db: Db, ruleRowIds: readonly number[]): Promise<number[]> {
  let query = db.selectFrom('users as u').select('u.id').orderBy('u.id');
  if (ruleRowIds.length > 0) {
    const ids = [...new Set(ruleRowIds)];
    query = query.where(({ exists, selectFrom }) => exists(
      selectFrom('audience_rules as q')
        .select('q.id')
        .where('q.id', 'in', ids)
        .where(userMatchesRule(sql.ref<number>('q.id'), sql.ref<number>('u.id'))),
    ));
  }
  const rows = await query.execute();
  return rows.map((r) => r.id);
}
