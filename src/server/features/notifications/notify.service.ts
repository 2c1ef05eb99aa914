import { sql } from 'kysely';
import { systemClock, type Clock } from '../../clock.js';
import type { NotificationType } from '../../../shared/contract/notifications.js';
import { isAppPath } from '../../../shared/rules/notificationLinks.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/inTransaction.js';
import { badRequest, type FieldErrors } from '../../http/errors.js';
import type { PushDelivery, PushService } from '../../push/push.service.js';
import { fitPayload } from '../../push/pushProvider.js';
import { audienceUserIds, type Audience } from './audience.js';

export interface NotificationMessage {
  readonly title: string;
  readonly body: string;
  /** Where a click opens: an app path such as '/timetable', or an http(s) URL; null for none. */
  readonly url?: string | null;
}

export interface NotifyOptions {
  /** Names the occurrence: a user who already has a notification with this key is skipped. */
  readonly dedupeKey?: string;
  /** The composed admin notification these rows are copies of (its history counts them). */
  readonly adminNotificationRowId?: number;
  /** Replace `{FIRSTNAME}` in the title and body with each recipient's first name. */
  readonly substituteFirstName?: boolean;
}

export interface NotifyResult {
  /** Users who got a new notification row. */
  readonly notified: number;
  /** Devices a push was queued for. */
  readonly devices: number;
}

const LIMITS = { title: 200, body: 3500, url: 2048 } as const;
/** Rows inserted per statement (7 parameters each, well under PostgreSQL's 65,535). */
const CHUNK = 1000;

function checkMessage({ title, body, url }: NotificationMessage): void {
  const errors: FieldErrors = {};
  if (title.trim() === '' || title.length > LIMITS.title) errors.title = [`Enter a title of at most ${LIMITS.title} characters.`];
  if (body.length > LIMITS.body) errors.body = [`The text may have at most ${LIMITS.body} characters.`];
  const isWebUrl = url && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
  if (url && (url.length > LIMITS.url || (!isAppPath(url) && !isWebUrl))) errors.url = ['Enter an app path such as /timetable or an http(s) address.'];
  if (Object.keys(errors).length > 0) throw badRequest('The notification is not valid.', errors);
}

/**
 * Notifies an audience: stores one row per user (their notification centre) and queues a push to
 * each of their devices subscribed to the type. Returns once the rows and the push jobs are stored;
 * pushes go out from the durable job queue. A message that breaks the limits is refused with a 400 HttpError.
 *
 * The rows and their push jobs are stored in one transaction (per chunk of users), so a copy
 * exists only with its pushes queued: a crash in between stores neither, and the run that picks
 * the notification up again (same dedupe key) stores both. Given a transaction, the notifier
 * works inside it, and the pushes are queued only if it commits.
 */
export class Notifier {
  constructor(
    private readonly db: Db,
    readonly push: PushService,
    /** The server's clock: date_sent. The wall clock only for a Notifier built outside an app. */
    readonly clock: Clock = systemClock,
  ) {}

  async notify(audience: Audience, type: NotificationType, message: NotificationMessage, options: NotifyOptions = {}): Promise<NotifyResult> {
    checkMessage(message);
    const userIds = await audienceUserIds(this.db, audience);
    let notified = 0;
    let devices = 0;
    for (let i = 0; i < userIds.length; i += CHUNK) {
      const chunk = userIds.slice(i, i + CHUNK);
      const result = await inTransaction(this.db, (trx) => this.notifyUsers(trx, chunk, type, message, options));
      notified += result.notified;
      devices += result.devices;
    }
    return { notified, devices };
  }

  /** Stores the users' copies and queues their pushes, on `trx`. */
  private async notifyUsers(trx: Db, userIds: readonly number[], type: NotificationType, message: NotificationMessage, options: NotifyOptions): Promise<NotifyResult> {
    const url = message.url ?? null;
    const firstNames = options.substituteFirstName ? await firstNamesOf(trx, userIds) : undefined;
    const values = userIds.map((user_id) => {
      const { title, body } = firstNames ? personalise(message, firstNames.get(user_id) ?? '') : message;
      return {
        user_id, title, body, notification_type: type, url, dedupe_key: options.dedupeKey ?? null,
        admin_notification_id: options.adminNotificationRowId ?? null, date_sent: this.clock.now(),
      };
    });
    const rows = await trx
      .insertInto('notifications')
      .values(values)
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
      .returning(['id', 'user_id', 'title', 'body'])
      .execute();
    if (rows.length === 0) return { notified: 0, devices: 0 };

    const rowOf = new Map(rows.map((row) => [row.user_id, row]));
    const devices = await trx
      .selectFrom('push_subscriptions')
      .select(['id', 'user_id', 'token', 'provider', 'endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', sql<number>`any(${[...rowOf.keys()]}::int[])`)
      .where(sql<boolean>`${type} = any(types)`)
      .orderBy('id')
      .execute();
    const deliveries = devices.flatMap((device): PushDelivery[] => {
      const row = rowOf.get(device.user_id);
      if (row === undefined) return [];
      const { id: subscriptionId, provider, token, endpoint, p256dh, auth } = device;
      const { id: rowId, title, body } = row;
      return [{ target: { subscriptionId, provider, token, endpoint, p256dh, auth }, payload: fitPayload({ rowId, title, body, url, type }) }];
    });
    await this.push.send(deliveries, trx);
    return { notified: rows.length, devices: deliveries.length };
  }
}

/** Runs `work` in a transaction of its own, or in the caller's when `db` is one already. */

async function firstNamesOf(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  const users = await db.selectFrom('users').select(['id', 'first_name']).where('id', 'in', [...userIds]).execute();
  return new Map(users.map((user) => [user.id, user.first_name]));
}

const FIRSTNAME = /\{FIRSTNAME\}/g;

/** The message with every `{FIRSTNAME}` replaced by the recipient's first name. */
export function personalise(message: NotificationMessage, firstName: string): { title: string; body: string } {
  return { title: message.title.replace(FIRSTNAME, () => firstName), body: message.body.replace(FIRSTNAME, () => firstName) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's notifier, for in-process callers (the admin area, tests, scripts). */
    readonly notifier: Notifier;
  }
}
