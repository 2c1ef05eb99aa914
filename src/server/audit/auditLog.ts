import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** What an audited action touched: a kind of record and its id (or a name when it has none). */
export interface AuditTarget {
  type: string;
  id: number | string;
}

export interface AuditEntry {
  /** When: the server clock's now (clock.ts), as the change itself. */
  at: Date;
  /** Who acted; null for the system (a job). */
  actorUserId: number | null;
  /** Dotted verb, feature first: `absence.decision`, `admin.link.update`, `register.override`. */
  action: string;
  target?: AuditTarget;
  /** The record before and after the change, as the admin view shows them. Omit what does not apply. */
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping (a reason, an IP address, a user agent). Never secrets. */
  context?: Record<string, unknown>;
}

/**
 * Appends one entry to the audit log. Pass the transaction that makes the change, so the change
 * and its record commit together or not at all.
 */
export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  const detail: Record<string, unknown> = {};
  if (entry.target) detail.target = entry.target;
  if (entry.before !== undefined) detail.before = entry.before;
  if (entry.after !== undefined) detail.after = entry.after;
  if (entry.context) detail.context = entry.context;
  await db
    .insertInto('audit_log')
    .values({ at: entry.at, user_id: entry.actorUserId, action: entry.action, detail: JSON.stringify(detail) })
    .execute();
}
