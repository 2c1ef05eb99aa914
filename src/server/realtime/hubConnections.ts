import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { HttpError, notFound } from '../http/errors.js';
import {
  availableTransports,
  close,
  frame,
  invocation,
  MessageType,
  messageTypeOf,
  NEGOTIATE_VERSION,
  ping,
  readHandshake,
  splitMessages,
  sseEvent,
} from './signalrProtocol.js';
import { isRecord } from '../../shared/guards.js';

export interface HubLimits {
  /** Open connections one user may hold (every tab and device together, on this instance). */
  readonly connectionsPerUser: number;
  /** A connection whose client has not completed the handshake by then is closed. */
  readonly handshakeTimeoutMs: number;
  /** How often the server pings each stream (the client's server timeout is twice this). */
  readonly pingIntervalMs: number;
  /** Bytes a slow client may have waiting in its stream's buffer before it is dropped. */
  readonly maxBufferedBytes: number;
  /**
   * How long an ended stream may take to hand its last bytes to a client (the close message, or
   * what a dropped slow client had queued); past it, its socket is destroyed and the bytes freed.
   */
  readonly endGraceMs: number;
}

export const defaultHubLimits: HubLimits = {
  connectionsPerUser: 5,
  handshakeTimeoutMs: 15_000,
  pingIntervalMs: 15_000,
  maxBufferedBytes: 1024 * 1024,
  endGraceMs: 30_000,
};

/** Who owns a connection: the signed-in user and the session the token is bound to. */
export interface ConnectionOwner {
  readonly userId: number;
  readonly sessionIdHash: string;
}

interface HubConnection {
  readonly connectionId: string;
  readonly token: string;
  readonly owner: ConnectionOwner;
  stream: ServerResponse | undefined;
  /** Frames written before the stream was opened (the handshake answer can come first). */
  pending: string[];
  isHandshakeDone: boolean;
  isPosting: boolean;
  /** A half-received message of the previous POST (a client may split one). */
  partial: string;
  idleTimer: NodeJS.Timeout | undefined;
}

/** A message split over POSTs is kept up to this length; past it, the rest is dropped. */
const maxPartialLength = 32 * 1024;

const randomId = (): string => randomBytes(32).toString('base64url');

/**
 * The hub's live connections on this instance, keyed by their connection token. A connection is
 * created by negotiate, receives by its one event stream (GET) and sends by POST; it ends when its
 * stream closes, its client sends a close message, it misses the handshake deadline, or the
 * server stops. Ended tokens are forgotten, so any later call with one is a 404.
 */
export class HubConnections {
  private readonly byToken = new Map<string, HubConnection>();
  private readonly pingTimer: NodeJS.Timeout;
  private isClosed = false;

  constructor(
    /** Called once a connection completes its handshake: send it what it must see at once. */
    private readonly onConnected: (send: (target: string, args: readonly unknown[]) => void) => void,
    private readonly limits: HubLimits = defaultHubLimits,
  ) {
    this.pingTimer = setInterval(() => this.writeToAll(sseEvent(frame(ping())), false), limits.pingIntervalMs);
    this.pingTimer.unref();
  }

  /** Open connections (any state) on this instance. */
  get size(): number {
    return this.byToken.size;
  }

  /** A new connection for the caller: the SignalR negotiate answer. */
  negotiate(owner: ConnectionOwner, requestedVersion: number): object {
    if (this.isClosed) throw new HttpError(503, 'unavailable', 'The server is restarting. Try again in a moment.');
    const open = [...this.byToken.values()].filter((c) => c.owner.userId === owner.userId).length;
    if (open >= this.limits.connectionsPerUser) {
      throw new HttpError(429, 'rateLimited', 'Too many live status connections are open for your account. Close another tab or device and try again.', {
        connections: [`At most ${this.limits.connectionsPerUser} at a time.`],
      });
    }
    const version = Math.min(Math.max(requestedVersion, 0), NEGOTIATE_VERSION);
    const token = randomId();
    // Version 0 has no separate token: the connection id is what the client sends as ?id=.
    const connectionId = version === 0 ? token : randomId();
    const connection: HubConnection = { connectionId, token, owner, stream: undefined, pending: [], isHandshakeDone: false, isPosting: false, partial: '', idleTimer: undefined };
    connection.idleTimer = setTimeout(() => this.end(connection), this.limits.handshakeTimeoutMs);
    connection.idleTimer.unref();
    this.byToken.set(token, connection);
    return version === 0
      ? { negotiateVersion: 0, connectionId, availableTransports }
      : { negotiateVersion: version, connectionId, connectionToken: token, availableTransports };
  }

  /** The caller's connection for `token`; another session's token is treated as unknown. */
  private find(token: string, owner: ConnectionOwner): HubConnection {
    const connection = this.byToken.get(token);
    if (!connection || connection.owner.sessionIdHash !== owner.sessionIdHash || connection.owner.userId !== owner.userId) {
      throw notFound('The live status connection');
    }
    return connection;
  }

  /**
   * Opens the event stream of a connection. The checks (404, 409) come first; only then does
   * `takeOver` hand over the raw response, which stays open until the connection ends.
   */
  openStream(token: string, owner: ConnectionOwner, takeOver: () => ServerResponse, headers: Record<string, string | number | string[] | undefined>): void {
    const connection = this.find(token, owner);
    if (connection.stream) throw new HttpError(409, 'conflict', 'This live status connection already has a stream open.');
    const response = takeOver();
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      'x-accel-buffering': 'no',
      // The socket goes with the stream: nothing else is sent on it, and a server that is
      // stopping does not wait for the keep-alive timeout of every ended stream.
      connection: 'close',
    });
    // Some proxies and clients wait for the first bytes before they report the stream open.
    response.write(':\n\n');
    connection.stream = response;
    response.once('close', () => this.end(connection));
    for (const pending of connection.pending) response.write(pending);
    connection.pending = [];
    if (connection.isHandshakeDone) clearTimeout(connection.idleTimer);
  }

  /**
   * Marks a POST to a connection as under way from the moment it arrives (before its body is
   * read): a second one meanwhile is refused with 409, as the transport protocol requires. Returns
   * the release to call when the first has been answered; an unknown token is left to the handler.
   */
  beginSend(token: string, owner: ConnectionOwner): () => void {
    const connection = this.byToken.get(token);
    // Only the connection's own session takes its lock: anyone else's POST is refused (404) by
    // its handler, and must not hold up the owner's sends meanwhile.
    if (!connection || connection.owner.sessionIdHash !== owner.sessionIdHash || connection.owner.userId !== owner.userId) return () => {};
    if (connection.isPosting) throw new HttpError(409, 'conflict', 'Another send on this live status connection is still in progress.');
    connection.isPosting = true;
    return () => {
      connection.isPosting = false;
    };
  }

  /** Handles a POST of client messages: the handshake first, then pings and the close message. */
  receive(token: string, owner: ConnectionOwner, body: string): void {
    const connection = this.find(token, owner);
    const { messages, rest } = splitMessages(connection.partial + body);
    connection.partial = rest.slice(0, maxPartialLength);
    for (const message of messages) {
      if (!this.byToken.has(token)) return;
      this.handle(connection, message);
    }
  }

  private handle(connection: HubConnection, message: string): void {
    if (!connection.isHandshakeDone) {
      const handshake = readHandshake(message);
      if (!handshake.ok) {
        this.write(connection, sseEvent(frame({ error: handshake.error })));
        this.end(connection);
        return;
      }
      connection.isHandshakeDone = true;
      // Idle until both the stream and the handshake are there.
      if (connection.stream) clearTimeout(connection.idleTimer);
      this.write(connection, sseEvent(frame({})));
      this.onConnected((target, args) => this.write(connection, sseEvent(frame(invocation(target, args)))));
      return;
    }
    const type = messageTypeOf(message);
    if (type === MessageType.Close) {
      this.end(connection);
    } else if (type === MessageType.Invocation || type === MessageType.StreamInvocation) {
      // The hub has no methods a client can call: say so to a caller waiting for a result.
      const invocation: unknown = JSON.parse(message);
      const invocationId = isRecord(invocation) ? invocation.invocationId : undefined;
      if (typeof invocationId === 'string') {
        this.write(connection, sseEvent(frame({ type: MessageType.Completion, invocationId, error: 'This hub has no methods to call.' })));
      }
    }
    // Pings and anything else need no answer.
  }

  /** Sends one invocation to every connection that has completed its handshake. */
  broadcast(target: string, args: readonly unknown[]): void {
    this.writeToAll(sseEvent(frame(invocation(target, args))), true);
  }

  private writeToAll(event: string, handshakenOnly: boolean): void {
    for (const connection of this.byToken.values()) {
      if (connection.stream && (!handshakenOnly || connection.isHandshakeDone)) this.write(connection, event);
    }
  }

  private write(connection: HubConnection, event: string): void {
    const stream = connection.stream;
    if (!stream) {
      connection.pending.push(event);
      return;
    }
    if (stream.writableLength > this.limits.maxBufferedBytes) {
      // A client this far behind is gone or stuck; its reconnect will get the current state.
      this.end(connection);
      return;
    }
    stream.write(event);
  }

  /**
   * Ends a connection: its token is forgotten at once, and its stream ends. A client that does
   * not take the stream's last bytes within `endGraceMs` (one that stopped reading keeps its
   * socket and the whole queue otherwise, for as long as it stays connected) has its socket
   * destroyed with a reset, which frees the queue here and in the kernel.
   */
  private end(connection: HubConnection): void {
    if (this.byToken.get(connection.token) !== connection) return;
    this.byToken.delete(connection.token);
    clearTimeout(connection.idleTimer);
    const stream = connection.stream;
    if (!stream || stream.writableEnded) return;
    stream.end();
    if (stream.writableFinished) return;
    const destroy = setTimeout(() => {
      if (stream.writableFinished) return;
      if (stream.socket && !stream.socket.destroyed) stream.socket.resetAndDestroy();
      else stream.destroy();
    }, this.limits.endGraceMs);
    destroy.unref();
    stream.once('close', () => clearTimeout(destroy));
  }

  /** Ends every connection of a session (sign-out) or a user. */
  endWhere(matches: (owner: ConnectionOwner) => boolean): void {
    for (const connection of [...this.byToken.values()]) {
      if (matches(connection.owner)) {
        this.write(connection, sseEvent(frame(close('Your session has ended.', false))));
        this.end(connection);
      }
    }
  }

  /** The owners of open connections (to check their sessions are still alive). */
  owners(): ConnectionOwner[] {
    return [...this.byToken.values()].map((connection) => connection.owner);
  }

  /** Server shutdown: every client gets a close message (reconnect allowed) and its stream ends. */
  close(): void {
    this.isClosed = true;
    clearInterval(this.pingTimer);
    for (const connection of [...this.byToken.values()]) {
      this.write(connection, sseEvent(frame(close('The server is restarting.', true))));
      this.end(connection);
    }
  }
}
