import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllowedOrigins } from '../../../src/server/push/allowedOrigins.js';
import type { PushTarget } from '../../../src/server/push/pushProvider.js';
import { fitPayload, MAX_PAYLOAD_BYTES, retryAfterMs } from '../../../src/server/push/pushProvider.js';
import { WebPushProvider } from '../../../src/server/push/webPush.provider.js';

/** A push service that answers each request with the status named in its path: /201, /410, /429… */
let server: Server;
let origin: string;
const requests: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request);
    request.resume();
    const status = Number(request.url?.split('/')[1]);
    if (status === 302) response.setHeader('location', `${origin}/201`);
    if (status === 429) response.setHeader('retry-after', '3');
    response.writeHead(status).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// A real browser key pair is not needed to encrypt; any P-256 public key and 16-byte secret do.
const deviceKeys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
const target = (endpoint: string): PushTarget => ({ subscriptionId: 1, provider: 'webpush', token: 't', endpoint, ...deviceKeys });
const payload = { rowId: 1, title: 'Hello', body: 'World', url: null, type: 'General' };
const provider = () =>
  new WebPushProvider({ keys: webPush.generateVAPIDKeys(), subject: 'mailto:push@campus.example.ac.uk', allowedOrigins: new AllowedOrigins([origin]), timeoutMs: 2000 });
const send = (path: string) => provider().send(target(`${origin}${path}`), payload, new AbortController().signal);

describe('Web Push provider', () => {
  it('maps the push service\'s answers to outcomes', async () => {
    expect(await send('/201')).toEqual({ kind: 'delivered' });
    expect(await send('/404')).toEqual({ kind: 'gone' });
    expect(await send('/410')).toEqual({ kind: 'gone' });
    expect(await send('/429')).toEqual({ kind: 'retry', reason: 'push service answered 429', retryAfterMs: 3000 });
    expect(await send('/503')).toMatchObject({ kind: 'retry' });
    expect(await send('/400')).toMatchObject({ kind: 'failed' });
    expect(await send('/413')).toMatchObject({ kind: 'failed' });
  });

  it('sends an encrypted, VAPID-signed request', async () => {
    requests.length = 0;
    await send('/201');
    const headers = requests[0]?.headers;
    expect(headers?.['content-encoding']).toBe('aes128gcm');
    expect(headers?.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(headers?.ttl).toBe('86400');
  });

  it('names the message\'s Topic by its row id, so a retried copy replaces one still waiting', async () => {
    requests.length = 0;
    await provider().send(target(`${origin}/201`), { ...payload, rowId: 2_147_483_647 }, new AbortController().signal);
    expect(requests[0]?.headers.topic).toBe('notification-2147483647');
    expect(requests[0]?.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/); // RFC 8030 §5.4
  });

  it('never follows a redirect', async () => {
    requests.length = 0;
    expect(await send('/302')).toMatchObject({ kind: 'failed' });
    expect(requests).toHaveLength(1);
  });

  it('does not send to an endpoint outside the allowed origins', async () => {
    requests.length = 0;
    const outcome = await provider().send(target('https://attacker.example/201'), payload, new AbortController().signal);
    expect(outcome).toMatchObject({ kind: 'failed' });
    expect(requests).toHaveLength(0);
  });

  it('asks for a retry when the service cannot be reached', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    const unreachable = new WebPushProvider({
      keys: webPush.generateVAPIDKeys(), subject: 'mailto:a@b.c', allowedOrigins: new AllowedOrigins([`http://127.0.0.1:${port}`]),
    });
    expect(await unreachable.send(target(`http://127.0.0.1:${port}/x`), payload, new AbortController().signal)).toMatchObject({ kind: 'retry' });
  });
});

describe('push payloads', () => {
  it('reads Retry-After in seconds or as a date', () => {
    const now = Date.parse('2026-10-05T07:55:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(new Date(now + 60_000).toUTCString(), now)).toBe(60_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('shortens a long body to fit a push message', () => {
    const long = fitPayload({ ...payload, body: '\u00e9'.repeat(5000) });
    expect(Buffer.byteLength(JSON.stringify(long))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(long.body.endsWith('\u2026')).toBe(true);
    expect(fitPayload(payload)).toBe(payload);
  });
});
