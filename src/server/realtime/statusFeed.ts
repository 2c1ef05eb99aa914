import pg from 'pg';
import type { Clock } from '../clock.js';
import { updateStatusesEvent } from '../../shared/contract/realtime.js';
import { poolOf, type Db } from '../db/database.js';
import type { HubConnections } from './hubConnections.js';
import { readStatuses, STATUS_CHANNEL, syncServices, type MonitoredService } from './statusStore.js';

type Log = { warn: (msg: string) => void };

/** The first wait before a lost LISTEN connection is tried again; it doubles per failed try. */
export const RELISTEN_FIRST_MS = 500;
/** The longest wait between tries, however long PostgreSQL stays away. */
export const RELISTEN_MAX_MS = 10_000;

/** The wait before try `attempt` (0 = the first after a loss): doubling, capped, with ±20 % jitter so instances spread out. */
export function relistenDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RELISTEN_MAX_MS, RELISTEN_FIRST_MS * 2 ** Math.min(attempt, 20));
  return Math.round(base * (0.8 + 0.4 * random()));
}

interface Listener {
  readonly client: pg.ClientBase;
  readonly release: () => void;
}

/**
 * Sends the service statuses to this instance's hub: all of them whenever any instance announces
 * a new version (PostgreSQL LISTEN/NOTIFY carries only the version; the table is read here), and
 * the current ones to each connection as soon as its handshake is done.
 */
export class StatusFeed {
  private listener: Listener | undefined;
  private isStopped = false;
  private lastVersion = -1;
  private current: string | undefined;
  private refreshing: Promise<void> | undefined;
  private isRefreshWanted = false;
  /** Failed tries since the LISTEN connection was last up (0 while it is up). */
  private failedTries = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    /** A direct connection string for LISTEN when the pool goes through a transaction-mode pooler. */
    private readonly directUrl: string | undefined,
    /** The configured services (none when Pingdom says which): listed as unknown until first checked. */
    private readonly services: readonly MonitoredService[],
    private readonly clock: Clock,
  ) {}

  /** The hub to fan out to; set once the hub exists (it needs the feed for new connections). */
  hub: Pick<HubConnections, 'broadcast'> | undefined;

  /** The arguments of updateStatuses: the version, then the statuses as a JSON string. */
  private async load(): Promise<{ version: number; json: string }> {
    const { version, statuses } = await readStatuses(this.db, this.clock.now());
    return { version, json: JSON.stringify(statuses) };
  }

  /** Sends the current statuses to one new connection. */
  sendCurrent(send: (target: string, args: readonly unknown[]) => void): void {
    if (this.current !== undefined) {
      send(updateStatusesEvent, [this.lastVersion, this.current]);
      return;
    }
    this.load().then(
      ({ version, json }) => send(updateStatusesEvent, [version, json]),
      (error: unknown) => this.log.warn(`status feed: could not read statuses: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** Reads the table and broadcasts when the version moved; calls arriving meanwhile coalesce into one more read. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.isRefreshWanted = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.isRefreshWanted = false;
        try {
          const { version, json } = await this.load();
          if (version !== this.lastVersion || json !== this.current) {
            const isFirst = this.current === undefined;
            this.lastVersion = version;
            this.current = json;
            if (!isFirst) this.hub?.broadcast(updateStatusesEvent, [version, json]);
          }
        } catch (error) {
          this.log.warn(`status feed: could not read statuses: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (this.isRefreshWanted && !this.isStopped);
      this.refreshing = undefined;
    })();
    return this.refreshing;
  }

  /** Starts listening; a lost connection is replaced, and the table read again in case a change was missed. */
  async start(): Promise<void> {
    if (this.services.length > 0) await syncServices(this.db, this.services, this.clock.now()).catch(() => {});
    await this.listen();
    await this.refresh();
  }

  /** Starts listening once, on the first connection to the hub (a process nobody subscribes to needs no LISTEN). */
  ensureStarted(): Promise<void> {
    this.starting ??= this.start();
    return this.starting;
  }

  private starting: Promise<void> | undefined;

  /** Its own connection, outside the pool, so LISTEN never holds one of the pool's places. */
  private async connect(): Promise<Listener> {
    const connectionString = this.directUrl ?? poolOf(this.db)?.options.connectionString;
    if (!connectionString) throw new Error('the status feed needs a database made by createDb');
    // Keep-alive probes notice a peer that vanished without closing (a host gone, a network cut),
    // which a connection that only listens would otherwise never learn of.
    const client = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client.on('error', () => {}); // replaced below once connected; an error before that rejects connect()
    await client.connect();
    return { client, release: () => void client.end().catch(() => {}) };
  }

  /**
   * Connects and LISTENs. On failure, or when the connection is lost later, it tries again after
   * a growing delay (relistenDelay); each success reads the table again (see scheduleListen), as
   * notifications sent while nobody listened are gone.
   */
  private async listen(): Promise<void> {
    if (this.isStopped) return;
    let listener: Listener | undefined;
    try {
      listener = await this.connect();
      this.listener = listener;
      const current = listener;
      current.client.on('notification', (message) => {
        if (message.channel === STATUS_CHANNEL) void this.refresh();
      });
      current.client.on('error', (error) => this.relisten(current, error));
      current.client.on('end', () => this.relisten(current, new Error('connection ended')));
      await current.client.query(`LISTEN ${STATUS_CHANNEL}`);
      if (this.failedTries > 0) this.log.warn(`status feed: LISTEN restored after ${this.failedTries} failed ${this.failedTries === 1 ? 'try' : 'tries'}`);
      this.failedTries = 0;
    } catch (error) {
      if (listener && this.listener === listener) this.listener = undefined;
      listener?.release();
      // Said once per outage, not at every try.
      if (this.failedTries === 0) this.log.warn(`status feed: cannot LISTEN (${error instanceof Error ? error.message : String(error)}); trying again with growing delays`);
      this.failedTries += 1;
      this.scheduleListen();
    }
  }

  private relisten(listener: Listener, error: Error): void {
    if (this.listener !== listener || this.isStopped) return;
    this.listener = undefined;
    this.log.warn(`status feed: LISTEN connection lost (${error.message}); reconnecting`);
    listener.release();
    this.scheduleListen();
  }

  private scheduleListen(): void {
    if (this.isStopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.listen().then(() => {
        if (this.listener) return this.refresh();
      });
    }, relistenDelay(this.failedTries));
    this.retryTimer.unref();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await listener.client.query(`UNLISTEN ${STATUS_CHANNEL}`).catch(() => {});
      listener.release();
    }
    await this.refreshing;
  }
}
