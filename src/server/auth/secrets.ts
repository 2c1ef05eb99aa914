import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';

/**
 * Returns a named server secret, creating it on first use. Secrets live in the database so that
 * every instance behind a load balancer agrees on them.
 */
export async function getOrCreateSecret(db: Db, name: string, now: Date): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
