import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { findFreePort } from '../../src/server/db/freePort.js';

/**
 * A loopback TCP relay in front of a server (the test PostgreSQL), which a test can cut, as if the
 * server had gone away, and bring back on the same port.
 */
export interface TcpProxy {
  readonly port: number;
  /** Drops every relayed connection and refuses new ones (ECONNREFUSED). */
  cut(): Promise<void>;
  /** Drops every relayed connection, then accepts new ones but never answers (a host that hangs). */
  stall(): Promise<void>;
  /** Accepts and relays again, on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, { isCut = false }: { readonly isCut?: boolean } = {}): Promise<TcpProxy> {
  const port = await findFreePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let isRelaying = true;

  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const listen = async (): Promise<void> => {
    const next = createServer((incoming) => {
      track(incoming);
      if (!isRelaying) return;
      const outgoing = createConnection({ host: '127.0.0.1', port: targetPort });
      track(outgoing);
      incoming.on('close', () => outgoing.destroy());
      outgoing.on('close', () => incoming.destroy());
      incoming.pipe(outgoing).pipe(incoming);
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    server = next;
  };
  const dropAll = (): void => {
    for (const socket of sockets) socket.destroy();
  };
  const stop = async (): Promise<void> => {
    const current = server;
    server = undefined;
    dropAll();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  const stall = async (): Promise<void> => {
    isRelaying = false;
    dropAll();
    if (!server) await listen();
  };
  const resume = async (): Promise<void> => {
    // Connections held while stalled never answered: they fail now, and their clients connect afresh.
    if (!isRelaying) dropAll();
    isRelaying = true;
    if (!server) await listen();
  };

  if (!isCut) await listen();
  return { port, cut: stop, stall, resume, close: stop };
}

/** `connectionString` with its port replaced, e.g. to go through a TcpProxy. */
export function withPort(connectionString: string, port: number): string {
  const url = new URL(connectionString);
  url.port = String(port);
  return url.toString();
}
