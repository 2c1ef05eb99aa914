import { Dexie, type EntityTable } from 'dexie';
import type { HttpMethod } from '../../shared/contract/route';

/** One cached server resource (SPEC §7 GET call) of the signed-in user. */
export interface ResourceRow {
  /** The registry key, e.g. 'userApiPreferences'. */
  readonly key: string;
  /** The response as parsed by the contract schema (or with optimistic writes applied). */
  readonly value: unknown;
  /** Weak ETag of `value` as the server sent it; null once an optimistic write changed the value. */
  readonly etag: string | null;
  /** When the value was last confirmed by the server (epoch ms); null if it never was. */
  readonly fetchedAt: number | null;
  /** True while a queued write of this resource is unconfirmed. */
  readonly isPending: boolean;
  /** True when the next `ensureFresh` must ask the server whatever the time-to-live says. */
  readonly isStale: boolean;
  /** Bumped by every optimistic write, so a fetch that started before one never overwrites it. */
  readonly version: number;
}

/** One queued write, replayed in `seq` order. Plain data, so a service worker can send it too. */
export interface OutboxEntry {
  readonly seq?: number;
  /** Random id, sent as the Idempotency-Key header. */
  readonly id: string;
  readonly resourceKey: string;
  readonly method: HttpMethod;
  readonly url: string;
  /** The JSON body, already serialised; null for none. */
  readonly body: string | null;
  readonly enqueuedAt: number;
  readonly attempts: number;
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
    // clear `resources` in its upgrade; the outbox must survive upgrades.
    this.version(1).stores({
      resources: 'key',
      outbox: '++seq, resourceKey',
      refusals: '++id',
    });
    // Unsent forms (absence requests written offline, files included).
    this.version(2).stores({ drafts: 'key' });
  }
}
