import { sql, type Selectable } from 'kysely';
import type { Clock } from '../../../clock.js';
import {
  adminNotificationLimits,
  adminNotificationMessages as messages,
  type AdminNotification,
  type ComposeNotification,
  type NotificationAudience,
  type RecipientCount,
} from '../../../../shared/contract/adminNotifications.js';
import { recordAudit } from '../../../audit/auditLog.js';
import type { Db } from '../../../db/database.js';
import type { AdminNotificationsTable } from '../../../db/schema.adminNotifications.js';
import { badRequest, HttpError, notFound } from '../../../http/errors.js';
import type { Notifier } from '../../notifications/notify.service.js';
import { audienceErrors, normaliseAudience, resolveStoredAudience } from './adminAudience.js';

/** A send time this close behind the server's clock still counts as "now" (a slow form, a clock skew). */
const PAST_GRACE_MS = 60_000;
const MAX_AHEAD_MS = 366 * 24 * 3_600_000;

export interface AdminNotificationDeps {
  readonly db: Db;
  readonly notifier: Notifier;
  /** The server's clock: send times are judged on it. */
  readonly clock: Clock;
  /** Queues the send of a scheduled notification's version at its time (the job queue). */
  readonly schedule: (rowId: number, version: number, sendAt: Date) => Promise<void>;
}

type Row = Selectable<AdminNotificationsTable>;

/** What an audit entry shows of a notification. */
function auditView(row: Row): Record<string, unknown> {
  return {
    title: row.title,
    body: row.body,
    url: row.url,
    notificationType: row.notification_type,
    audience: row.audience,
    sendAt: row.send_at.toISOString(),
    status: row.status,
  };
}

/** The send time asked for: now when none (or one a moment ago); refuses the past and beyond a year. */
function sendTimeOf(sendAt: string | null | undefined, now: Date): { at: Date; isNow: boolean } {
  if (!sendAt) return { at: now, isNow: true };
  const at = new Date(sendAt);
  if (at.getTime() < now.getTime() - PAST_GRACE_MS) throw badRequest('The notification is not valid.', { sendAt: [messages.sendAtPast] });
  if (at.getTime() > now.getTime() + MAX_AHEAD_MS) throw badRequest('The notification is not valid.', { sendAt: [messages.sendAtTooFar] });
  return at.getTime() <= now.getTime() ? { at: now, isNow: true } : { at, isNow: false };
}

/** Checks the audience reaches someone and names only what exists; returns it as stored. */
async function checkedAudience(db: Db, audience: NotificationAudience) {
  const stored = normaliseAudience(audience);
  const errors = audienceErrors(await resolveStoredAudience(db, stored));
  if (Object.keys(errors).length > 0) throw badRequest('The notification is not valid.', errors);
  return stored;
}

function fieldsOf(input: ComposeNotification) {
  const url = input.url?.trim() ? input.url.trim() : null;
  return { title: input.title, body: input.body, url, notification_type: input.notificationType };
}

/**
 * The administrators' notification centre: compose (send now or schedule), edit or cancel a
 * scheduled one, and the history with recipients, pushes and reads. Every change is audited in
 * the transaction that makes it.
 */
export class AdminNotifications {
  constructor(private readonly deps: AdminNotificationDeps) {}

  async list(): Promise<AdminNotification[]> {
    const rows = await this.query().orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(adminNotificationLimits.listItems).execute();
    return rows.map(toItem);
  }

  async get(rowId: number): Promise<AdminNotification> {
    const row = await this.query().where('a.id', '=', rowId).executeTakeFirst();
    if (!row) throw notFound('The notification');
    return toItem(row);
  }

  async countRecipients(audience: NotificationAudience): Promise<RecipientCount> {
    const resolved = await resolveStoredAudience(this.deps.db, normaliseAudience(audience));
    return { count: resolved.userIds.length, unknownUserNames: resolved.unknownUserNames };
  }

  async create(actorUserId: number, input: ComposeNotification, now: Date = this.deps.clock.now()): Promise<AdminNotification> {
    const { db } = this.deps;
    const when = sendTimeOf(input.sendAt, now);
    const audience = await checkedAudience(db, input.audience);
    const row = await db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('admin_notifications')
        .values({
          ...fieldsOf(input),
          audience: JSON.stringify(audience),
          send_at: when.at,
          status: when.isNow ? 'Sending' : 'Scheduled',
          created_by: actorUserId,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        at: now,
        actorUserId,
        action: when.isNow ? 'admin.notification.send' : 'admin.notification.schedule',
        target: { type: 'adminNotification', id: created.id },
        after: auditView(created),
      });
      return created;
    });
    await this.dispatch(row, when.isNow);
    return this.get(row.id);
  }

  async update(actorUserId: number, rowId: number, input: ComposeNotification, now: Date = this.deps.clock.now()): Promise<AdminNotification> {
    const { db } = this.deps;
    const when = sendTimeOf(input.sendAt, now);
    const audience = await checkedAudience(db, input.audience);
    const row = await db.transaction().execute(async (trx) => {
      const before = await this.lockScheduled(trx, rowId);
      const updated = await trx
        .updateTable('admin_notifications')
        .set({
          ...fieldsOf(input),
          audience: JSON.stringify(audience),
          send_at: when.at,
          status: when.isNow ? 'Sending' : 'Scheduled',
          version: sql<number>`version + 1`,
          updated_at: now,
        })
        .where('id', '=', rowId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        at: now,
        actorUserId,
        action: 'admin.notification.update',
        target: { type: 'adminNotification', id: rowId },
        before: auditView(before),
        after: auditView(updated),
      });
      return updated;
    });
    await this.dispatch(row, when.isNow);
    return this.get(rowId);
  }

  async cancel(actorUserId: number, rowId: number): Promise<AdminNotification> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.lockScheduled(trx, rowId);
      const after = await trx
        .updateTable('admin_notifications')
        .set({ status: 'Cancelled', version: sql<number>`version + 1`, updated_at: now })
        .where('id', '=', rowId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        at: now,
        actorUserId,
        action: 'admin.notification.cancel',
        target: { type: 'adminNotification', id: rowId },
        before: auditView(before),
        after: auditView(after),
      });
    });
    return this.get(rowId);
  }

  /**
   * Sends a notification that is due: claims it (Scheduled → Sending) under a row lock, gives
   * each user of its audience (as it is now) a copy with their first name and its pushes queued
   * (one transaction per chunk of users: a copy is never stored without its pushes), then marks
   * it Sent. Idempotent and safe to run twice or after a crash: a claimed one is sent again with
   * the same dedupe key, so nobody gets a second copy, and whoever has none yet gets the copy and
   * its pushes. `version`, when given, must still be the notification's (a job queued before an
   * edit does nothing).
   */
  async sendIfDue(rowId: number, version?: number): Promise<boolean> {
    const { db, notifier } = this.deps;
    const row = await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('admin_notifications').selectAll().where('id', '=', rowId).forUpdate().executeTakeFirst();
      if (!current || (version !== undefined && current.version !== version)) return undefined;
      if (current.status === 'Scheduled') {
        const now = this.deps.clock.now();
        if (current.send_at.getTime() > now.getTime()) return undefined;
        await trx.updateTable('admin_notifications').set({ status: 'Sending', updated_at: now }).where('id', '=', rowId).execute();
      } else if (current.status !== 'Sending') {
        return undefined;
      }
      return current;
    });
    if (!row) return false;
    const { userIds } = await resolveStoredAudience(db, row.audience);
    await notifier.notify(
      { userIds },
      row.notification_type,
      { title: row.title, body: row.body, url: row.url },
      { dedupeKey: `admin-notification:${row.id}`, adminNotificationRowId: row.id, substituteFirstName: true },
    );
    await db.transaction().execute(async (trx) => {
      const sent = await trx
        .updateTable('admin_notifications')
        .set({
          status: 'Sent',
          sent_at: this.deps.clock.now(),
          updated_at: this.deps.clock.now(),
          recipients: sql<number>`(SELECT count(*)::int FROM notifications WHERE admin_notification_id = ${row.id})`,
        })
        .where('id', '=', row.id)
        .where('status', '=', 'Sending')
        .returning(['recipients'])
        .executeTakeFirst();
      if (sent) {
        await recordAudit(trx, { at: this.deps.clock.now(),
          actorUserId: null,
          action: 'admin.notification.sent',
          target: { type: 'adminNotification', id: row.id },
          after: { status: 'Sent', recipients: sent.recipients },
        });
      }
    });
    return true;
  }

  /** Scheduled notifications whose time has come, and sends left half done (a crash) a while ago. */
  async dueRowIds(): Promise<number[]> {
    const now = this.deps.clock.now();
    const rows = await this.deps.db
      .selectFrom('admin_notifications')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'Scheduled'), eb('send_at', '<=', now)]),
          eb.and([eb('status', '=', 'Sending'), eb('updated_at', '<', new Date(now.getTime() - 5 * 60_000))]),
        ]),
      )
      .orderBy('send_at')
      .limit(100)
      .execute();
    return rows.map((row) => row.id);
  }

  private async dispatch(row: Row, isNow: boolean): Promise<void> {
    if (isNow) await this.sendIfDue(row.id, row.version);
    else await this.deps.schedule(row.id, row.version, row.send_at);
  }

  private async lockScheduled(trx: Db, rowId: number): Promise<Row> {
    const row = await trx.selectFrom('admin_notifications').selectAll().where('id', '=', rowId).forUpdate().executeTakeFirst();
    if (!row) throw notFound('The notification');
    if (row.status !== 'Scheduled') throw new HttpError(409, 'conflict', messages.notScheduled, { rowId: [messages.notScheduled] });
    return row;
  }

  private query() {
    const stats = this.deps.db
      .selectFrom('notifications')
      .select((eb) => [
        'admin_notification_id',
        eb.fn.countAll<string>().as('recipients'),
        eb.fn.count<string>('read_at').as('reads'),
        // Counted per send before push_deliveries (0021); nothing adds to them now.
        eb.fn.sum<string>('pushes_delivered').as('legacy_delivered'),
        eb.fn.sum<string>('pushes_failed').as('legacy_failed'),
      ])
      .where('admin_notification_id', 'is not', null)
      .groupBy('admin_notification_id')
      .as('s');
    // One row per copy and device, however often its push was sent: each device counts once.
    const devices = this.deps.db
      .selectFrom('push_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select((eb) => [
        'n.admin_notification_id',
        eb.fn.countAll<string>().filterWhere('d.outcome', '=', 'delivered').as('delivered'),
        eb.fn.countAll<string>().filterWhere('d.outcome', '=', 'failed').as('failed'),
      ])
      .where('n.admin_notification_id', 'is not', null)
      .groupBy('n.admin_notification_id')
      .as('p');
    return this.deps.db
      .selectFrom('admin_notifications as a')
      .leftJoin(stats, 's.admin_notification_id', 'a.id')
      .leftJoin(devices, 'p.admin_notification_id', 'a.id')
      .leftJoin('users as u', 'u.id', 'a.created_by')
      .selectAll('a')
      .select(['u.user_name as created_by_name', 's.recipients as copies', 's.reads', 's.legacy_delivered', 's.legacy_failed', 'p.delivered', 'p.failed']);
  }
}

interface ListRow extends Row {
  created_by_name: string | null;
  copies: string | null;
  reads: string | null;
  legacy_delivered: string | null;
  legacy_failed: string | null;
  delivered: string | null;
  failed: string | null;
}

function toItem(row: ListRow): AdminNotification {
  const recipients = Number(row.copies ?? 0);
  const readCount = Number(row.reads ?? 0);
  const { audience } = row;
  return {
    rowId: row.id,
    title: row.title,
    body: row.body,
    url: row.url,
    notificationType: row.notification_type,
    audience: { ruleRowIds: audience.ruleRowIds, roles: audience.roles, adGroupRowIds: audience.adGroupRowIds, userNames: audience.userNames },
    sendAt: row.send_at.toISOString(),
    status: row.status,
    createdBy: row.created_by_name,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    recipients,
    pushesDelivered: Number(row.legacy_delivered ?? 0) + Number(row.delivered ?? 0),
    pushesFailed: Number(row.legacy_failed ?? 0) + Number(row.failed ?? 0),
    readCount,
    readRate: recipients > 0 ? readCount / recipients : null,
  };
}
