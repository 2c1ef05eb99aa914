import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultHubLimits, HubConnections } from '../../../src/server/realtime/hubConnections.js';

/**
 * A live-status client that stops reading, on a real socket: its stream is dropped once the queue
 * passes the limit, and destroyed when it still has not taken the rest after the grace period.
 */

const RS = '\u001e';
const owner = { userId: 1, sessionIdHash: 'session-a' };
const limits = { ...defaultHubLimits, maxBufferedBytes: 64 * 1024, endGraceMs: 30_000 };

let hub: HubConnections;
let server: Server;
let client: Socket;
let serverResponse: ServerResponse | undefined;
let isServerSocketClosed = false;

beforeEach(async () => {
  // Only the hub's timers are faked; sockets and setImmediate stay real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  hub = new HubConnections(() => {}, limits);
  const { connectionToken } = hub.negotiate(owner, 1) as { connectionToken: string };
  server = createServer((_request, response) => {
    response.socket?.once('close', () => (isServerSocketClosed = true));
    hub.openStream(connectionToken, owner, () => (serverResponse = response), {});
    hub.receive(connectionToken, owner, `{"protocol":"json","version":1}${RS}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => client.once('connect', resolve));
  client.write(`GET /hub?id=${connectionToken} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  // Reads the first bytes (the stream is open), then never reads again.
  await new Promise<void>((resolve) => client.once('data', () => resolve()));
  client.pause();
});

afterEach(async () => {
  hub.close();
  client.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  vi.useRealTimers();
  serverResponse = undefined;
  isServerSocketClosed = false;
});

/** Broadcasts 32 kB messages until the hub drops the connection (the socket's and kernel's buffers full). */
async function floodUntilDropped(): Promise<void> {
  const message = 'x'.repeat(32 * 1024);
  for (let i = 0; i < 2000 && hub.size > 0; i += 1) {
    hub.broadcast('updateStatuses', [i, message]);
    await nextTurn();
  }
}

describe('a live-status client that never reads', () => {
  it('is dropped once its queue passes the limit, and its socket destroyed after the grace period', async () => {
    await floodUntilDropped();
    expect(hub.size).toBe(0);
    expect(serverResponse?.writableLength).toBeGreaterThan(limits.maxBufferedBytes);

    // Within the grace period the client may still take what is queued.
    vi.advanceTimersByTime(limits.endGraceMs - 1);
    await nextTurn();
    expect(serverResponse?.socket?.destroyed).toBe(false);
    expect(isServerSocketClosed).toBe(false);

    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(isServerSocketClosed).toBe(true), { interval: 1, timeout: 5_000 });
    expect(serverResponse?.destroyed).toBe(true);
    // The queue is gone with it, and the server holds no connection for the client any more.
    expect(serverResponse?.writableLength ?? 0).toBe(0);
    expect(await new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))))).toBe(0);
  });

  it('is not destroyed when it takes the rest of its stream within the grace period', async () => {
    await floodUntilDropped();
    let received = 0;
    client.on('data', (chunk: Buffer) => (received += chunk.length));
    const ended = new Promise<void>((resolve) => client.once('end', resolve));
    client.resume();
    await ended;
    expect(received).toBeGreaterThan(limits.maxBufferedBytes);
    expect(serverResponse?.writableFinished).toBe(true);
  });
});
