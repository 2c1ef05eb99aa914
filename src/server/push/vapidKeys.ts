import webPush from 'web-push';
import type { Db } from '../db/database.js';
import { isRecord } from '../../shared/guards.js';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: what PushManager.subscribe takes as applicationServerKey. */
  readonly publicKey: string;
  readonly privateKey: string;
}

const SECRET_NAME = 'vapid';

function isVapidKeys(value: unknown): value is VapidKeys {
  return isRecord(value) && typeof value.publicKey === 'string' && typeof value.privateKey === 'string';
}

/**
 * The server's VAPID key pair, generated at first start and kept in `server_secrets`, so every
 * instance signs with the same key and browsers' subscriptions survive restarts. Two instances
 * starting together both try to insert; the first wins and both read it back.
 */
export async function getOrCreateVapidKeys(db: Db, now: Date): Promise<VapidKeys> {
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: JSON.stringify(webPush.generateVAPIDKeys()), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  const keys: unknown = JSON.parse(row.value);
  if (!isVapidKeys(keys)) throw new Error('The stored VAPID keys are unreadable (server_secrets "vapid").');
  return keys;
}
