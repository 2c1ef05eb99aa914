import type { Db } from '../db/database.js';

/** How long a key answers with its first success (issue 29); housekeeping deletes older keys. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim may stay `pending` before a retry may take it over: a request that outlives this
 * (longer than any upload may take) is taken as lost with its instance, so its key is not blocked
 * for a whole day.
 */
export const PENDING_CLAIM_LEASE_MS = 15 * 60 * 1000;

/** One request's key, as the store files it. */
export interface KeyedRequest {
  readonly userId: number;
  readonly key: string;
  readonly routeId: string;
  readonly fingerprint: string;
}

/** A stored answer: status, content type, body (null when empty). */
export interface StoredAnswer {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string | null;
}

export type Claim =
  /** The key is this request's now (claimed `at`): run it, then `complete` or `release`. */
  | { readonly kind: 'claimed'; readonly at: Date }
  /** The key already answered a success: send that again. */
  | { readonly kind: 'replay'; readonly answer: StoredAnswer }
  /** The first request with this key is still running. */
  | { readonly kind: 'inProgress' }
  /** The key was used for another route or another request body. */
  | { readonly kind: 'mismatch' };

/**
 * Idempotency keys in PostgreSQL, so every instance agrees. A key is claimed by inserting its row
 * first (ON CONFLICT DO NOTHING), so of two requests with one key only one runs.
 */
export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async claim(request: KeyedRequest): Promise<Claim> {
    const now = this.now();
    // A row that lapsed (not purged yet) or whose pending claim outlived its lease may be taken over;
    // the guarded update lets only one of several retries do so, so try again if another won.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const inserted = await this.db
        .insertInto('idempotency_keys')
        .values({ user_id: request.userId, key: request.key, route_id: request.routeId, fingerprint: request.fingerprint, state: 'pending', created_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (inserted) return { kind: 'claimed', at: now };
      const existing = await this.db
        .selectFrom('idempotency_keys')
        .select(['route_id', 'fingerprint', 'state', 'status', 'content_type', 'body', 'created_at'])
        .where('user_id', '=', request.userId)
        .where('key', '=', request.key)
        .executeTakeFirst();
      if (!existing) continue;
      const age = now.getTime() - existing.created_at.getTime();
      const isLapsed = age >= IDEMPOTENCY_KEY_LIFETIME_MS || (existing.state === 'pending' && age >= PENDING_CLAIM_LEASE_MS);
      if (isLapsed) {
        const taken = await this.db
          .updateTable('idempotency_keys')
          .set({ route_id: request.routeId, fingerprint: request.fingerprint, state: 'pending', status: null, content_type: null, body: null, created_at: now })
          .where('user_id', '=', request.userId)
          .where('key', '=', request.key)
          .where('created_at', '=', existing.created_at)
          .returning('key')
          .executeTakeFirst();
        if (taken) return { kind: 'claimed', at: now };
        continue;
      }
      if (existing.route_id !== request.routeId || existing.fingerprint !== request.fingerprint) return { kind: 'mismatch' };
      if (existing.state === 'pending' || existing.status === null) return { kind: 'inProgress' };
      return { kind: 'replay', answer: { status: existing.status, contentType: existing.content_type, body: existing.body } };
    }
    return { kind: 'inProgress' };
  }

  /**
   * Keeps the success the claimed request answered, for its retries. Only its own claim (made `at`)
   * is written: one taken over after its lease belongs to the retry.
   */
  async complete(request: KeyedRequest, at: Date, answer: StoredAnswer): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ state: 'done', status: answer.status, content_type: answer.contentType, body: answer.body })
      .where('user_id', '=', request.userId)
      .where('key', '=', request.key)
      .where('state', '=', 'pending')
      .where('created_at', '=', at)
      .execute();
  }

  /** Gives the key up (the request failed), so a retry runs again. */
  async release(request: KeyedRequest, at: Date): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', request.userId)
      .where('key', '=', request.key)
      .where('state', '=', 'pending')
      .where('created_at', '=', at)
      .execute();
  }

  /** Deletes keys older than their lifetime (housekeeping); returns how many went. */
  async purgeExpired(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - IDEMPOTENCY_KEY_LIFETIME_MS);
    const result = await this.db.deleteFrom('idempotency_keys').where('created_at', '<=', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
