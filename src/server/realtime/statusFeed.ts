import pg from 'pg';
import type { Clock } from '../clock.js';
import { updateStatusesEvent } from '../../shared/contract/realtime.js';
import { poolOf, type Db } from '../db/database.js';
import type { HubConnections } from './hubConnections.js';
import { readStatuses, STATUS_CHANNEL, syncServices, type MonitoredService } from './statusStore.js';

type Log = { warn: (msg: string) => void };

/** How long a lost LISTEN connection waits before it tries again. */
const RELISTEN_MS = 1000;

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
  hub: HubConnections | undefined;

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
    const client = new pg.Client({ connectionString });
    client.on('error', () => {}); // replaced below once connected; an error before that rejects connect()
    await client.connect();
    return { client, release: () => void client.end().catch(() => {}) };
  }

  private async listen(): Promise<void> {
    if (this.isStopped) return;
    try {
      const listener = await this.connect();
      this.listener = listener;
      listener.client.on('notification', (message) => {
        if (message.channel === STATUS_CHANNEL) void this.refresh();
      });
      listener.client.on('error', (error) => this.relisten(listener, error));
      listener.client.on('end', () => this.relisten(listener, new Error('connection ended')));
      await listener.client.query(`LISTEN ${STATUS_CHANNEL}`);
    } catch (error) {
      this.listener?.release();
      this.listener = undefined;
      this.log.warn(`status feed: cannot LISTEN yet (${error instanceof Error ? error.message : String(error)}); trying again`);
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
    if (this.isStopped) return;
    setTimeout(() => {
      void this.listen().then(() => this.refresh());
    }, RELISTEN_MS).unref();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await listener.client.query(`UNLISTEN ${STATUS_CHANNEL}`).catch(() => {});
      listener.release();
    }
    await this.refreshing;
  }
}
