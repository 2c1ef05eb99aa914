import { defaultAuditPageSize, type AuditPage, type AuditQuery } from '../../../../shared/contract/adminAudit.js';
import type { Db } from '../../../db/database.js';
import { auditTargetNames } from './auditTargetNames.js';
import { likePattern } from '../../../db/likePattern.js';

/** `%` and `_` in a filter are matched as themselves (backslash is PostgreSQL's default LIKE escape). */

interface Detail {
  target?: { type: string; id: number | string };
  before?: unknown;
  after?: unknown;
  context?: Record<string, unknown>;
}

/**
 * The audit log for administrators: newest first, filtered by who acted (any part of their user
 * name or display name) and by what (actions starting with the filter), a page at a time.
 */
export async function readAuditLog(db: Db, query: AuditQuery): Promise<AuditPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? defaultAuditPageSize;
  let filtered = db.selectFrom('audit_log as l').leftJoin('users as u', 'u.id', 'l.user_id');
  if (query.actor) {
    const pattern = likePattern(query.actor);
    filtered = filtered.where((eb) => eb.or([eb('u.user_name', 'ilike', pattern), eb('u.display_name', 'ilike', pattern)]));
  }
  if (query.action) filtered = filtered.where('l.action', 'like', likePattern(query.action, 'prefix'));

  const [rows, total, actions] = await Promise.all([
    filtered
      .select(['l.id', 'l.at', 'l.action', 'l.detail', 'u.user_name', 'u.display_name'])
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute(),
  ]);
  const details = rows.map((row) => (row.detail ?? {}) as Detail);
  const targetNames = await auditTargetNames(
    db,
    details.map((detail) => (detail.target ? { ...detail.target, before: detail.before, after: detail.after } : null)),
  );
  return {
    items: rows.map((row, index) => {
      const detail = details[index] ?? {};
      return {
        rowId: Number(row.id),
        at: row.at.toISOString(),
        actorUserName: row.user_name,
        actorDisplayName: row.display_name,
        action: row.action,
        target: detail.target ?? null,
        targetName: targetNames[index] ?? null,
        ...(detail.before !== undefined ? { before: detail.before } : {}),
        ...(detail.after !== undefined ? { after: detail.after } : {}),
        ...(detail.context ? { context: detail.context } : {}),
      };
    }),
    total: Number(total.n),
    page,
    pageSize,
    actions: actions.map((row) => row.action),
  };
}
