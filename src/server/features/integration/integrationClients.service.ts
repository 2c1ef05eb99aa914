import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  defaultTokenLifetimeDays, integrationTokenPrefix, maxTokenLifetimeDays,
  type CreatedIntegrationClient, type IntegrationClient, type NewIntegrationClient,
} from '../../../shared/contract/integration.js';
import { integrationScopes, type IntegrationScope } from '../../../shared/contract/integrationScopes.js';
import { recordAudit } from '../../audit/auditLog.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/inTransaction.js';
import { isUniqueViolation } from '../../db/sqlErrors.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';

/**
 * Integration clients (issue 36 §1): machines that call `/api/integration/` with a bearer token.
 * The token is made here, shown once, and kept only as its SHA-256: a stolen database gives no
 * working token. A token is refused once expired or revoked, and outside its client's scopes.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The client a bearer token belongs to, as the handlers of machine routes see it. */
export interface IntegrationCaller {
  readonly id: number;
  readonly name: string;
  readonly scopes: readonly IntegrationScope[];
}

/** The SHA-256 a token is looked up by. */
export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new token: the prefix, then 32 random bytes. */
const newToken = (): string => `${integrationTokenPrefix}${randomBytes(32).toString('base64url')}`;

const isScope = (value: string): value is IntegrationScope => integrationScopes.some((scope) => scope === value);

interface ClientRow {
  id: number;
  name: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  last_used_address: string | null;
  created_by: string | null;
}

const toClient = (row: ClientRow): IntegrationClient => ({
  rowId: row.id,
  name: row.name,
  scopes: row.scopes.filter(isScope),
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by,
  expiresAt: row.expires_at.toISOString(),
  revokedAt: row.revoked_at?.toISOString() ?? null,
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  lastUsedAddress: row.last_used_address,
});

function selectClients(db: Db) {
  return db
    .selectFrom('integration_clients as c')
    .leftJoin('users as u', 'u.id', 'c.created_by_user_id')
    .select(['c.id', 'c.name', 'c.scopes', 'c.created_at', 'c.expires_at', 'c.revoked_at', 'c.last_used_at', 'c.last_used_address', 'u.display_name as created_by']);
}

const nameTaken = (): HttpError => {
  const message = 'A client with this name already exists. Choose another name, or revoke the old client first.';
  return new HttpError(409, 'conflict', message, { name: [message] });
};

export class IntegrationClients {
  constructor(private readonly db: Db, private readonly clock: Clock) {}

  /** Every client, live ones first, newest first. */
  async list(): Promise<IntegrationClient[]> {
    const rows = await selectClients(this.db)
      .orderBy(sql`c.revoked_at IS NOT NULL`)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
    return rows.map(toClient);
  }

  /** Creates a client and answers its token, the only time it is shown. */
  async create(actorUserId: number, input: NewIntegrationClient): Promise<CreatedIntegrationClient> {
    const now = this.clock.now();
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : new Date(now.getTime() + defaultTokenLifetimeDays * DAY_MS);
    if (expiresAt.getTime() <= now.getTime()) {
      throw badRequest('The expiry must be in the future.', { expiresAt: ['Choose a date after today'] });
    }
    if (expiresAt.getTime() > now.getTime() + maxTokenLifetimeDays * DAY_MS) {
      throw badRequest('The expiry is too far away.', { expiresAt: [`Choose a date within ${maxTokenLifetimeDays / 365} years`] });
    }
    const token = newToken();
    const scopes = integrationScopes.filter((scope) => input.scopes.includes(scope));
    try {
      const id = await inTransaction(this.db, async (trx) => {
        const row = await trx.insertInto('integration_clients').values({
          name: input.name, scopes, token_hash: tokenHash(token), created_at: now, created_by_user_id: actorUserId, expires_at: expiresAt,
        }).returning('id').executeTakeFirstOrThrow();
        await recordAudit(trx, {
          at: now, actorUserId, action: 'admin.integrationClient.create', target: { type: 'integrationClient', id: row.id },
          after: { name: input.name, scopes, expiresAt: expiresAt.toISOString() },
        });
        return row.id;
      });
      return { ...(await this.get(id)), token };
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  /** Revokes a client; its token is refused from the next request on. Revoking twice keeps the first time. */
  async revoke(actorUserId: number, id: number): Promise<IntegrationClient> {
    const now = this.clock.now();
    await inTransaction(this.db, async (trx) => {
      const row = await trx.selectFrom('integration_clients').select(['name', 'revoked_at']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound('The client');
      if (row.revoked_at) return;
      await trx.updateTable('integration_clients').set({ revoked_at: now, revoked_by_user_id: actorUserId }).where('id', '=', id).execute();
      await recordAudit(trx, { at: now, actorUserId, action: 'admin.integrationClient.revoke', target: { type: 'integrationClient', id }, before: { name: row.name } });
    });
    return this.get(id);
  }

  private async get(id: number): Promise<IntegrationClient> {
    const row = await selectClients(this.db).where('c.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('The client');
    return toClient(row);
  }

  /**
   * The client a bearer token belongs to, for a machine route that needs `scope`: 401 for a
   * missing, unknown, expired or revoked token, 403 for a scope the client does not hold. Each
   * authenticated request updates the client's last use and is audited with its route.
   */
  async authenticate(authorization: string | undefined, scope: IntegrationScope, use: { readonly routeId: string; readonly address: string }): Promise<IntegrationCaller> {
    const token = /^Bearer ([\x21-\x7e]{1,200})$/i.exec(authorization?.trim() ?? '')?.[1];
    if (!token) throw tokenRefused('Send an integration token in the Authorization header: Bearer <token>.');
    const row = await this.db.selectFrom('integration_clients')
      .select(['id', 'name', 'scopes', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', tokenHash(token))
      .executeTakeFirst();
    const now = this.clock.now();
    if (!row) throw tokenRefused('The integration token is not valid.');
    if (row.revoked_at) throw tokenRefused('The integration token has been revoked.');
    if (row.expires_at.getTime() <= now.getTime()) throw tokenRefused('The integration token has expired.');
    const caller: IntegrationCaller = { id: row.id, name: row.name, scopes: row.scopes.filter(isScope) };
    const isInScope = caller.scopes.includes(scope);
    await inTransaction(this.db, async (trx) => {
      await trx.updateTable('integration_clients').set({ last_used_at: now, last_used_address: use.address }).where('id', '=', row.id).execute();
      await recordAudit(trx, {
        at: now, actorUserId: null, action: isInScope ? 'integration.request' : 'integration.refused',
        target: { type: 'integrationClient', id: row.id }, context: { route: use.routeId, scope, address: use.address },
      });
    });
    if (!isInScope) {
      const message = `This client may not do that: it needs the ${scope} permission.`;
      throw new HttpError(403, 'forbidden', message, { scope: [message] });
    }
    return caller;
  }
}

function tokenRefused(message: string): HttpError {
  return new HttpError(401, 'unauthorized', message, { authorization: [message] });
}
