import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { getUserApiPreferencesRoute, saveUserApiPreferencesRoute } from '../../../src/shared/contract/preferences.js';
import { enableIcalRoute, icalFeedRoute, serverTimeRoute, timetableRoute, type IcalSubscription } from '../../../src/shared/contract/timetable.js';
import { useTestApp } from '../../helpers/useTestApp.js';

const t = useTestApp();

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('compression of API answers', () => {
  it('sends the timetable brotli-compressed when accepted, gzip when only that is, and identity otherwise', async () => {
    const student = await t.signIn('student');
    const plain = await t.call(timetableRoute, { as: student });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const br = await t.call(timetableRoute, { as: student, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(decode('br', br.rawPayload))).toEqual(plain.json());

    const gzip = await t.call(timetableRoute, { as: student, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode('gzip', gzip.rawPayload))).toEqual(plain.json());

    const identity = await t.call(timetableRoute, { as: student, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(plain.json());
  });

  it('keeps the same weak ETag, so If-None-Match still answers 304 whatever the encoding', async () => {
    const student = await t.signIn('student');
    const plain = await t.call(timetableRoute, { as: student });
    const br = await t.call(timetableRoute, { as: student, headers: { 'accept-encoding': 'br' } });
    expect(br.headers.etag).toBe(plain.headers.etag);
    const revalidated = await t.call(timetableRoute, {
      as: student,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('leaves answers below the threshold as they are', async () => {
    const student = await t.signIn('student');
    const small = await t.call(serverTimeRoute, { as: student, headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(typeof small.json()).toBe('string');
  });

  it('compresses the calendar feed', async () => {
    const student = await t.signIn('student');
    const subscription = (await t.call(enableIcalRoute, { as: student })).json<IcalSubscription>();
    const url = new URL(subscription.feedUrl).pathname;
    expect(url).toBe(icalFeedRoute.path.replace(':uniqueId', subscription.uniqueId));
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(decode('gzip', gzip.rawPayload)).toMatch(/^BEGIN:VCALENDAR/);
  });

  it('never inflates a compressed request body (a zip bomb stays a few bytes of garbage)', async () => {
    const student = await t.signIn('student');
    const before = (await t.call(getUserApiPreferencesRoute, { as: student })).json();
    const body = gzipSync(JSON.stringify({ theme: 'Dark', border: 'Square', font: 'App Font' }));
    const response = await t.call(saveUserApiPreferencesRoute, {
      as: student,
      body,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.', errors: { body: ['Malformed JSON'] }, code: 'malformed' });
    expect((await t.call(getUserApiPreferencesRoute, { as: student })).json()).toEqual(before);
  });
});
