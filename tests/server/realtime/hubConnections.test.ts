import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubConnections } from '../../../src/server/realtime/hubConnections.js';

const RS = '\u001e';
const owner = { userId: 1, sessionIdHash: 'session-a' };

/** A stand-in for the raw response: records what is written and whether it ended. */
class FakeResponse extends EventEmitter {
  written = '';
  writableEnded = false;
  writableFinished = false;
  writableLength = 0;
  status = 0;
  writeHead(status: number): this {
    this.status = status;
    return this;
  }
  write(chunk: string): boolean {
    this.written += chunk;
    return true;
  }
  end(): this {
    this.writableEnded = true;
    this.writableFinished = true;
    this.emit('close');
    return this;
  }
}

let hub: HubConnections;
const connected = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  hub = new HubConnections((send) => {
    connected();
    send('updateStatuses', [1, '[]']);
  });
});

afterEach(() => {
  hub.close();
  vi.useRealTimers();
});

function open(): { token: string; response: FakeResponse } {
  const { connectionToken } = hub.negotiate(owner, 1) as { connectionToken: string };
  const response = new FakeResponse();
  hub.openStream(connectionToken, owner, () => response as unknown as ServerResponse, {});
  return { token: connectionToken, response };
}

describe('hub connections', () => {
  it('closes a connection that sends no handshake within 15 seconds', () => {
    const { token, response } = open();
    vi.advanceTimersByTime(14_999);
    expect(response.writableEnded).toBe(false);
    vi.advanceTimersByTime(1);
    expect(response.writableEnded).toBe(true);
    expect(hub.size).toBe(0);
    expect(() => hub.receive(token, owner, `{"protocol":"json","version":1}${RS}`)).toThrow(expect.objectContaining({ statusCode: 404 }));
  });

  it('keeps a connection that completed its handshake, and pings it every 15 seconds', () => {
    const { token, response } = open();
    hub.receive(token, owner, `{"protocol":"json","version":1}${RS}`);
    expect(connected).toHaveBeenCalledTimes(1);
    expect(response.written).toContain(`data: {}${RS}\n\n`);
    vi.advanceTimersByTime(15_000);
    expect(response.written).toContain(`data: {"type":6}${RS}\n\n`);
    vi.advanceTimersByTime(60_000);
    expect(response.writableEnded).toBe(false);
    expect(response.written.split('{"type":6}').length - 1).toBe(5);
  });

  it('accepts a handshake split over two sends', () => {
    const { token, response } = open();
    hub.receive(token, owner, '{"protocol":"json",');
    expect(response.written).not.toContain(`{}${RS}`);
    hub.receive(token, owner, `"version":1}${RS}`);
    expect(response.written).toContain(`data: {}${RS}`);
  });

  it('sends every client a close message that allows reconnecting when the server stops', () => {
    const { token, response } = open();
    hub.receive(token, owner, `{"protocol":"json","version":1}${RS}`);
    hub.close();
    expect(response.written).toContain(`data: {"type":7,"error":"The server is restarting.","allowReconnect":true}${RS}`);
    expect(response.writableEnded).toBe(true);
    expect(() => hub.negotiate(owner, 1)).toThrow(expect.objectContaining({ statusCode: 503 }));
  });

  it('broadcasts only to connections whose handshake is done', () => {
    const waiting = open();
    const ready = open();
    hub.receive(ready.token, owner, `{"protocol":"json","version":1}${RS}`);
    hub.broadcast('updateStatuses', [2, '[{"id":"x"}]']);
    expect(ready.response.written).toContain('"arguments":[2,"[{\\"id\\":\\"x\\"}]"]');
    expect(waiting.response.written).not.toContain('"arguments":[2');
  });
});
