import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeHubPath } from '../../../src/shared/contract/realtime.js';
import type { Caller } from '../../helpers/testApp.js';
import { useTestApp } from '../../helpers/useTestApp.js';

const RS = '\u001e';
const t = useTestApp();
let base = '';

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const openStreams: AbortController[] = [];
afterAll(() => {
  for (const controller of openStreams) controller.abort();
});

async function negotiate(as: Caller, version = 1): Promise<Response> {
  return fetch(`${base}${realtimeHubPath}/negotiate?negotiateVersion=${version}`, { method: 'POST', headers: as.headers() });
}

async function tokenFor(as: Caller): Promise<string> {
  const response = await negotiate(as);
  expect(response.status).toBe(200);
  return ((await response.json()) as { connectionToken: string }).connectionToken;
}

/** Opens the event stream and collects what arrives. */
async function openStream(as: Caller, token: string): Promise<{ response: Response; received: () => string; waitFor: (text: string, timeoutMs?: number) => Promise<string> }> {
  const controller = new AbortController();
  openStreams.push(controller);
  const response = await fetch(`${base}${realtimeHubPath}?id=${encodeURIComponent(token)}`, { headers: { ...as.headers(), accept: 'text/event-stream' }, signal: controller.signal });
  let text = '';
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        text += value;
      }
    })();
  }
  const waitFor = async (expected: string, timeoutMs = 10_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    while (!text.includes(expected)) {
      if (Date.now() > deadline) throw new Error(`stream never sent ${JSON.stringify(expected)}; got ${JSON.stringify(text)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return text;
  };
  return { response, received: () => text, waitFor };
}

const send = (as: Caller, token: string, body: string): Promise<Response> =>
  fetch(`${base}${realtimeHubPath}?id=${encodeURIComponent(token)}`, { method: 'POST', headers: { ...as.headers(), 'content-type': 'text/plain;charset=UTF-8' }, body });

const handshake = `{"protocol":"json","version":1}${RS}`;

describe('SignalR negotiate', () => {
  it('offers only server-sent events with the text format, with a connection id and a separate token (version 1)', async () => {
    const response = await negotiate(await t.signIn('student'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      availableTransports: [{ transport: 'ServerSentEvents', transferFormats: ['Text'] }],
    });
    expect(body.connectionToken).not.toBe(body.connectionId);
  });

  it('answers version 0 with the connection id alone, which is then the id of the stream', async () => {
    const student = await t.signIn('student');
    const response = await negotiate(student, 0);
    const body = (await response.json()) as { negotiateVersion: number; connectionId: string; connectionToken?: string };
    expect(body.negotiateVersion).toBe(0);
    expect(body.connectionToken).toBeUndefined();
    const stream = await openStream(student, body.connectionId);
    expect(stream.response.status).toBe(200);
  });

  it('refuses anonymous callers and requests without the antiforgery header', async () => {
    const anonymous = await t.anonymous();
    expect((await negotiate(anonymous)).status).toBe(401);
    const student = await t.signIn('student');
    const noXsrf = await fetch(`${base}${realtimeHubPath}/negotiate?negotiateVersion=1`, { method: 'POST', headers: student.headers(false) });
    expect(noXsrf.status).toBe(403);
  });

  it('allows five open connections per user, and refuses the sixth with the error shape', async () => {
    const lecturer = await t.signIn('lecturer');
    for (let i = 0; i < 5; i += 1) expect((await negotiate(lecturer)).status).toBe(200);
    const sixth = await negotiate(lecturer);
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({ message: expect.stringContaining('Too many live status connections'), errors: { connections: ['At most 5 at a time.'] }, code: 'rateLimited' });
    // Another user is not affected.
    expect((await negotiate(await t.signIn('student2'))).status).toBe(200);
  });
});

describe('the event stream', () => {
  it('is an uncached text/event-stream that answers the handshake and sends the current statuses at once', async () => {
    const student = await t.signIn('student');
    const token = await tokenFor(student);
    const stream = await openStream(student, token);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toContain('no-cache');
    const sent = await send(student, token, handshake);
    expect(sent.status).toBe(204);
    const text = await stream.waitFor('"target":"updateStatuses"');
    const events = text.split('\n\n').filter((event) => event.startsWith('data: ')).map((event) => event.slice('data: '.length));
    expect(events[0]).toBe(`{}${RS}`);
    const invocation = JSON.parse(events[1]?.slice(0, -1) ?? '') as { type: number; target: string; arguments: unknown[] };
    expect(events[1]?.endsWith(RS)).toBe(true);
    expect(invocation.type).toBe(1);
    expect(invocation.arguments).toHaveLength(2);
    // Demo mode watches the app's own health endpoint once per feature.
    const statuses = JSON.parse(String(invocation.arguments[1])) as { id: string; feature: string }[];
    expect(statuses.map((status) => status.feature).sort()).toEqual(['attendance', 'notifications', 'resources', 'timetable']);
  });

  it('answers a handshake for another protocol with an error and ends the connection', async () => {
    const student = await t.signIn('student');
    const token = await tokenFor(student);
    const stream = await openStream(student, token);
    expect((await send(student, token, `{"protocol":"messagepack","version":1}${RS}`)).status).toBe(204);
    await stream.waitFor('"error"');
    expect(stream.received()).toContain(`data: {"error":"The protocol 'messagepack' is not supported."}${RS}`);
    expect((await send(student, token, `{"type":6}${RS}`)).status).toBe(404);
  });

  it('refuses a second stream for the same connection (409) and a token that belongs to another session or user (404)', async () => {
    const student = await t.signIn('student');
    const token = await tokenFor(student);
    await openStream(student, token);
    expect((await openStream(student, token)).response.status).toBe(409);
    const otherUser = await t.signIn('student2');
    expect((await openStream(otherUser, token)).response.status).toBe(404);
    expect((await send(otherUser, token, handshake)).status).toBe(404);
    const sameUserOtherSession = await t.signIn('student');
    expect((await openStream(sameUserOtherSession, token)).response.status).toBe(404);
  });

  it('answers 404 to unknown connections and to one its client closed', async () => {
    const student = await t.signIn('student');
    const unknown = await send(student, 'not-a-connection', handshake);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'The live status connection was not found.', errors: {}, code: 'notFound' });
    expect((await openStream(student, 'not-a-connection')).response.status).toBe(404);
    const token = await tokenFor(student);
    await openStream(student, token);
    expect((await send(student, token, handshake)).status).toBe(204);
    expect((await send(student, token, `{"type":7}${RS}`)).status).toBe(204);
    expect((await send(student, token, `{"type":6}${RS}`)).status).toBe(404);
  });

  it('refuses a POST while another POST to the same connection is still arriving (409)', async () => {
    const student = await t.signIn('student');
    const token = await tokenFor(student);
    await openStream(student, token);
    expect((await send(student, token, handshake)).status).toBe(204);
    const ping = `{"type":6}${RS}`;
    const url = new URL(`${base}${realtimeHubPath}?id=${encodeURIComponent(token)}`);
    // The first POST sends half its body and waits.
    const first = httpRequest(url, { method: 'POST', headers: { ...student.headers(), 'content-type': 'text/plain', 'content-length': String(Buffer.byteLength(ping)) } });
    const firstAnswer = new Promise<number>((resolve) => first.on('response', (response) => resolve(response.statusCode ?? 0)));
    first.write(ping.slice(0, 4));
    // Sends that reach the server before the first POST's headers go through; from then on: 409.
    let second = await send(student, token, ping);
    for (let tries = 0; second.status === 204 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      second = await send(student, token, ping);
    }
    expect(second.status).toBe(409);
    first.end(ping.slice(4));
    expect(await firstAnswer).toBe(204);
    // Once it is answered, the connection takes sends again.
    expect((await send(student, token, ping)).status).toBe(204);
  });

  it('lets only the connection\'s own session hold its send lock: a stranger\'s slow POST does not block the owner', async () => {
    // A persona of its own: each user may hold only a few connections, and the tests above hold theirs.
    const student = await t.signIn('admin');
    const token = await tokenFor(student);
    await openStream(student, token);
    expect((await send(student, token, handshake)).status).toBe(204);
    const ping = `{"type":6}${RS}`;
    const url = new URL(`${base}${realtimeHubPath}?id=${encodeURIComponent(token)}`);
    for (const stranger of [await t.anonymous(), await t.signIn('student2')]) {
      // The stranger starts a POST with the owner's token and never finishes its body.
      const slow = httpRequest(url, { method: 'POST', headers: { ...stranger.headers(), 'content-type': 'text/plain', 'content-length': String(Buffer.byteLength(ping)) } });
      const slowAnswer = new Promise<number>((resolve) => {
        slow.on('response', (response) => resolve(response.statusCode ?? 0));
        slow.on('error', () => resolve(0));
      });
      slow.write(ping.slice(0, 4));
      // Meanwhile the owner keeps sending, for as long as the stranger's headers could take to
      // arrive (the 409 test above sees a lock within this): never held up.
      const statuses: number[] = [];
      for (let tries = 0; tries < 20; tries += 1) {
        statuses.push((await send(student, token, ping)).status);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(new Set(statuses)).toEqual(new Set([204]));
      slow.end(ping.slice(4));
      expect([401, 403, 404]).toContain(await slowAnswer);
    }
  });

  it('does not slide the session: feed requests are not the user’s activity', async () => {
    const student = await t.signIn('staff');
    const sessionsBefore = await t.db.selectFrom('sessions').select(['id_hash', 'expires_at']).execute();
    const token = await tokenFor(student);
    await t.db.updateTable('sessions').set({ expires_at: new Date(t.clock.nowMs() + 60_000) }).execute();
    await openStream(student, token);
    await send(student, token, handshake);
    const after = await t.db.selectFrom('sessions').select(['expires_at']).execute();
    expect(sessionsBefore.length).toBeGreaterThan(0);
    for (const row of after) expect(row.expires_at.getTime()).toBeLessThan(t.clock.nowMs() + 61_000);
  });

  it('ends the streams of every session of a user at once when they sign out of all devices', async () => {
    const phone = await t.signIn('student2');
    const laptop = await t.signIn('student2');
    const streams = [];
    for (const device of [phone, laptop]) {
      const token = await tokenFor(device);
      const stream = await openStream(device, token);
      expect((await send(device, token, handshake)).status).toBe(204);
      await stream.waitFor('updateStatuses');
      streams.push(stream);
    }
    const everywhere = await fetch(`${base}/api/user/signout/all`, { method: 'POST', headers: laptop.headers() });
    expect(everywhere.status).toBe(200);
    // Not at the next 15 s session sweep: at once, on this instance.
    for (const stream of streams) await stream.waitFor(`data: {"type":7,"error":"Your session has ended.","allowReconnect":false}${RS}`, 3_000);
  });

  it('ends the stream with a close message (no reconnect) once its session has ended', async () => {
    const student = await t.signIn('student.unknown');
    const token = await tokenFor(student);
    const stream = await openStream(student, token);
    expect((await send(student, token, handshake)).status).toBe(204);
    await stream.waitFor('updateStatuses');
    const signOut = await fetch(`${base}/api/user/signout`, { method: 'POST', headers: student.headers() });
    expect(signOut.ok).toBe(true);
    // The sessions are checked every 15 s.
    await stream.waitFor(`data: {"type":7,"error":"Your session has ended.","allowReconnect":false}${RS}`, 20_000);
    expect((await send(student, token, `{"type":6}${RS}`)).status).toBe(401);
  }, 30_000);
});
