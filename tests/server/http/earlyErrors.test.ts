import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '../../../src/shared/contract/errorCodes.js';
import { anonymous, createTestApp, signIn, type TestApp } from '../../helpers/testApp.js';

// Errors Fastify or Node answer before any route runs: a bad URL, an overlong path segment,
// oversized headers, a garbled request. They must look like every other error (SPEC §8 shape),
// carry the same security headers, and never echo what the client sent.

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Sends raw bytes on a fresh connection and parses whatever comes back before it closes. */
async function rawRequest(request: string): Promise<RawResponse> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(received) : reject(error)));
    socket.on('close', () => resolve(received));
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer; got ${JSON.stringify(received)}`)));
    socket.end(request);
  });
  const [head = '', body = ''] = text.split('\r\n\r\n', 2);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

function expectSpecShape(body: string): { message: string; errors: Record<string, string[]> } {
  const parsed = JSON.parse(body) as { message: unknown; errors: unknown; code: unknown };
  expect(Object.keys(parsed).sort()).toEqual(['code', 'errors', 'message']);
  expect(isErrorCode(parsed.code), String(parsed.code)).toBe(true);
  expect(typeof parsed.message).toBe('string');
  expect(parsed.errors).toBeTypeOf('object');
  for (const messages of Object.values(parsed.errors as Record<string, unknown>)) {
    expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string')).toBe(true);
  }
  return parsed as { message: string; errors: Record<string, string[]> };
}

function expectSecurityHeaders(headers: Record<string, string | string[] | number | undefined>): void {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['cache-control']).toBe('no-store');
  expect(String(headers['content-type'])).toMatch(/^application\/json/);
}

type ErrorAnswer = { readonly headers: Record<string, string | string[] | number | undefined>; readonly body: string } &
  ({ readonly status: number } | { readonly statusCode: number });

/** What every early error must be: the status (or one of those listed), the security headers, the SPEC §8 body. */
function expectErrorAnswer(answer: ErrorAnswer, expected: number | readonly number[]): { message: string; errors: Record<string, string[]> } {
  const status = 'status' in answer ? answer.status : answer.statusCode;
  if (typeof expected === 'number') expect(status).toBe(expected);
  else expect(expected).toContain(status);
  expectSecurityHeaders(answer.headers);
  return expectSpecShape(answer.body);
}

describe('errors answered before routing', () => {
  it('a malformed percent-encoding is a 400 in the error shape, with the headers, not naming the URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/timetable/ical/feed/%ffsecretFeedId' });
    expect(expectErrorAnswer(response, 400).errors).toHaveProperty('path');
    expect(response.body).not.toContain('secretFeedId');
    expect(response.body).not.toContain('%ff');
  });

  it('an overlong path segment is a 414 in the error shape, with the headers, not echoing the URL', async () => {
    const segment = `leak${'x'.repeat(300)}`;
    const response = await t.app.inject({ method: 'GET', url: `/api/timetable/ical/feed/${segment}` });
    expectErrorAnswer(response, 414);
    expect(response.body).not.toContain('leak');
    expect(response.body).not.toContain('xxxxxxxx');
  });

  it('also over a real connection (the same handler answers a listening server)', async () => {
    const response = await rawRequest('GET /api/timetable/ical/feed/%ffsecret HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expectErrorAnswer(response, 400);
    expect(response.body).not.toContain('secret');
  });
});

describe('paths that escape what needs no escaping', () => {
  it('are refused with a 404 in the error shape before any hook or route runs, whatever route they would reach', async () => {
    const caller = await signIn(t.app, 'student');
    const plain = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: caller.headers() });
    expect(plain.json()).toMatchObject({ isSignedIn: true });
    // The router reads each as /api/user/info (or the calendar feed), but the API's hooks would not.
    for (const url of ['/%61pi/user/info', '/api/user/%69nfo', '/%61%70%69/user/info', '/api/timetable/ical/feed/%73ecretFeedId']) {
      const response = await t.app.inject({ method: 'GET', url, headers: caller.headers() });
      expect(expectErrorAnswer(response, 404).errors, url).toHaveProperty('path');
      expect(response.body, url).not.toContain('ecretFeedId');
      expect(response.body, url).not.toContain('isSignedIn');
    }
  });

  it('keep escapes that are needed', async () => {
    const caller = await signIn(t.app, 'student');
    const spaced = await t.app.inject({ method: 'GET', url: '/api/does%20not%20exist', headers: caller.headers() });
    expect(spaced.statusCode).toBe(404);
    expect(spaced.json()).toEqual({ message: 'Not found.', errors: { path: ['No route for GET /api/does%20not%20exist'] }, code: 'notFound' });
  });
});

describe('errors answered by the HTTP parser', () => {
  it('headers over the size limit are a 431 in the error shape, with the headers', async () => {
    const response = await rawRequest(`GET /api/user/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expectErrorAnswer(response, 431);
    expect(response.headers.connection).toBe('close');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
  });

  it('a URL too long for the parser is refused in the error shape and not echoed', async () => {
    const response = await rawRequest(`GET /api/timetable/ical/feed/${'leak'.repeat(5_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expectErrorAnswer(response, [414, 431]);
    expect(response.body).not.toContain('leak');
  });

  it('a garbled request line is a 400 in the error shape, with the headers', async () => {
    const response = await rawRequest('NOT-A-METHOD\u0001 / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expectErrorAnswer(response, 400);
  });
});

describe('errors Fastify raises while reading a body', () => {
  it('a content type the route does not read is a 415 in the error shape, with the headers', async () => {
    const visitor = await anonymous(t.app);
    const response = await t.app.inject({
      method: 'POST', url: '/api/user/signin/demo', headers: { ...visitor.headers(), 'content-type': 'application/xml' }, payload: '<userName>student</userName>',
    });
    expectErrorAnswer(response, 415);
  });

  it('a body over the limit is a 413 in the error shape, with the headers', async () => {
    const visitor = await anonymous(t.app);
    const response = await t.app.inject({
      method: 'POST', url: '/api/user/signin/demo', headers: { ...visitor.headers(), 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectErrorAnswer(response, 413);
  });

  it('a Content-Length that does not match the body is refused in the error shape, with the headers', async () => {
    const visitor = await anonymous(t.app);
    const cookie = visitor.headers().cookie ?? '';
    const response = await rawRequest(
      `POST /api/user/signin/demo HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nX-XSRF-TOKEN: ${visitor.xsrf}\r\nContent-Type: application/json\r\nContent-Length: 5\r\nContent-Length: 6\r\nConnection: close\r\n\r\n{"a":1}`,
    );
    expectErrorAnswer(response, 400);
  });
});
