import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { getOrCreateSecret } from '../../auth/secrets.js';
import type { Db } from '../../db/database.js';

/**
 * Connector secrets at rest: AES-256-GCM under a key made once per deployment and kept in
 * `server_secrets` (so every instance can decrypt). The stored text is `v1.<iv>.<tag>.<ciphertext>`
 * in base64url; a tampered or truncated value fails to decrypt rather than giving garbage.
 */

const KEY_NAME = 'connector-secrets-key';
const VERSION = 'v1';

async function keyOf(db: Db, now: Date): Promise<Buffer> {
  const key = Buffer.from(await getOrCreateSecret(db, KEY_NAME, now), 'base64url');
  if (key.length !== 32) throw new Error('the connector secrets key is not 32 bytes');
  return key;
}

export async function sealSecret(db: Db, now: Date, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(db, now), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

export async function openSecret(db: Db, now: Date, stored: string): Promise<string> {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || sealed === undefined) throw new Error('the stored connector secret is not in a known format');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(db, now), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
