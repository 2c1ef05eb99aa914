import { Dexie, type EntityTable } from 'dexie';
import type { ErrorCode } from '../../shared/contract/errorCodes';
import type { HttpMethod } from '../../shared/contract/route';

/** One cached server resource (SPEC §7 GET call) of the signed-in user. */
export interface ResourceRow {
  /** The registry key, e.g. 'userApiPreferences'. */
  readonly key: string;
  /** What the app shows: `base` with the pending mutations of the outbox applied, in order. */
  readonly value: unknown;
  /**
   * The server's value as last known (parsed by the contract schema), with acknowledged mutations
   * folded in until the next fetch replaces it; undefined when never fetched.
   */
  readonly base?: unknown;
  /** Weak ETag of `base` as the server sent it; null once `base` was changed locally. */
  readonly etag: string | null;
  /** When the value was last confirmed by the server (epoch ms); null if it never was. */
  readonly fetchedAt: number | null;
  /** True while a queued mutation of this resource is unconfirmed. */
  readonly isPending: boolean;
  /** True when the next `ensureFresh` must ask the server whatever the time-to-live says. */
  readonly isStale: boolean;
  /** Bumped by every optimistic write. */
  readonly version: number;
  /**
   * Bumped whenever a queued mutation leaves the outbox (acknowledged or refused): an answer to a
   * request that left before may predate the server applying it, so it is not stored.
   */
  readonly acks?: number;
  /**
   * A paged list only (see sync/pagedList.ts): the next page still to fetch (the server's next
   * link), while `base` holds the pages fetched so far; undefined once the list is whole.
   */
  readonly nextPage?: string;
}

/**
 * One queued mutation, replayed in `seq` order: its name and arguments (see sync/mutation.ts);
 * the request is built from the contract route at send time. Plain data, so a service worker can
 * send it too.
 */
export interface OutboxEntry {
  readonly seq?: number;
  /** Random id, sent as the Idempotency-Key header. */
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
  /** The contract route's id, e.g. 'favourites.addResource'. */
  readonly routeId: string;
  readonly params: Readonly<Record<string, string | number>>;
  /** The resource it changes (indexed: what is pending for a resource). */
  readonly resourceKey: string;
  readonly createdAt: number;
  readonly attempts: number;
  /** The user whose queue this is (the database is per user; kept for the record). */
  readonly userId: string;
  readonly schemaVersion: number;
}

/** A refused write, kept until a page has told the user (the service worker cannot). */
export interface RefusalRow {
  readonly id?: number;
  readonly resourceKey: string;
  readonly method: HttpMethod;
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  /** The server's SPEC §8 message, or 'Code {status}: {statusText}'. */
  readonly message: string;
  readonly errors: Record<string, string[]>;
  /** The server's kind of refusal, when it named one. */
  readonly code?: ErrorCode;
}

/**
 * A form the user could not send (e.g. offline), kept on this device until it is sent or discarded.
 * `value` is the feature's own shape and may hold Blobs (IndexedDB stores them as they are).
 */
export interface DraftRow {
  /** The feature's key, e.g. 'absence:new' or 'absence:42'. */
  readonly key: string;
  readonly value: unknown;
  /** When it was saved (epoch ms). */
  readonly savedAt: number;
}

/** One IndexedDB database per signed-in user; see userDatabase.ts. */
export class UserDatabase extends Dexie {
  resources!: EntityTable<ResourceRow, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  refusals!: EntityTable<RefusalRow, 'id'>;
  drafts!: EntityTable<DraftRow, 'key'>;

  constructor(name: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    // Append versions, never edit one. A version that changes the shape of cached values should
    // clear `resources` in its upgrade; the outbox must survive upgrades. An upgrade that migrates
    // device data may be removed once docs/decisions/0064 allows it; its version and stores stay,
    // so a database at any older version still opens.
    this.version(1).stores({
      resources: 'key',
      outbox: '++seq, resourceKey',
      refusals: '++id',
    });
    // Unsent forms (absence requests written offline, files included).
    this.version(2).stores({ drafts: 'key' });
    // Named mutations instead of raw requests, and a server base kept beside the shown value. Its
    // upgrade (sync/legacyOutbox.ts) migrated the raw-request outbox of development builds; no
    // release ever wrote that format, so it was dropped (docs/decisions/0064).
    this.version(3).stores({});
  }
}
