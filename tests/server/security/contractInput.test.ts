import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, anonymous, signIn, type Caller, type TestApp } from '../../helpers/testApp.js';
import { allDayFields, categoryId, dayFromToday, sendForm } from '../features/absences/support.js';

/**
 * The black-box audit's inputs that reached PostgreSQL (issue 12, item 4): each must be refused by
 * the contract with a 400 in the SPEC §8 shape, keyed by the field, before any query runs.
 */
let t: TestApp;
const callers = new Map<string, Caller>();
const as = (name: string): Caller => {
  const caller = callers.get(name);
  if (!caller) throw new Error(`no caller ${name}`);
  return caller;
};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['student', 'admin']) callers.set(name, await signIn(t.app, name));
  callers.set('anonymous', await anonymous(t.app));
});
afterAll(() => t.close());

interface Case {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly as: string;
  /** A JSON body, as text, so that escapes such as \u0000 and \ud800 reach the server as sent. */
  readonly json?: string;
  /** The field the error must be filed under. */
  readonly field: string;
}

function expectRefused(response: LightMyRequestResponse, field: string): void {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ message: unknown; errors: Record<string, unknown> }>();
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body.errors)).toContain(field);
  const messages = body.errors[field];
  expect(Array.isArray(messages) && messages.every((message) => typeof message === 'string')).toBe(true);
}

const send = (c: Case): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: c.method,
    url: c.url,
    headers: { ...as(c.as).headers(), ...(c.json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(c.json === undefined ? {} : { payload: c.json }),
  });

const tooBig = '2147483648';

describe('row ids are integers PostgreSQL can hold', () => {
  const cases: Case[] = [
    { method: 'POST', url: `/api/content/resources/${tooBig}/open`, as: 'student', field: 'rowId' },
    { method: 'POST', url: '/api/user/favourites/resources', as: 'student', json: `{"linkRowId":${tooBig}}`, field: 'linkRowId' },
    { method: 'POST', url: '/api/user/favourites/trending', as: 'student', json: `{"wpPostRowId":${tooBig}}`, field: 'wpPostRowId' },
    { method: 'POST', url: '/api/user/notifications/markAsRead', as: 'student', json: `[${tooBig}]`, field: '0' },
    { method: 'POST', url: '/api/user/notifications/markAsRead', as: 'student', json: '[1, 9007199254740993]', field: '1' },
    { method: 'PUT', url: '/api/attendance/register', as: 'student', json: `{"timetableEntryRowId":${tooBig},"isAttendanceMonitored":true}`, field: 'timetableEntryRowId' },
    { method: 'POST', url: `/api/attendance/absences/requests/${tooBig}/cancel`, as: 'student', field: 'rowId' },
    { method: 'GET', url: `/api/attendance/absences/requests/1/files/${tooBig}`, as: 'student', field: 'fileRowId' },
    { method: 'DELETE', url: `/api/user/favourites/resources/${tooBig}`, as: 'student', field: 'rowId' },
    { method: 'DELETE', url: '/api/user/favourites/trending/99999999999', as: 'student', field: 'rowId' },
    { method: 'POST', url: `/api/admin/timetable/events/${tooBig}/cancel`, as: 'admin', field: 'rowId' },
  ];
  it.each(cases.map((c) => [`${c.method} ${c.url} ${c.json ?? ''}`, c] as const))('refuses %s', async (_name, c) => {
    expectRefused(await send(c), c.field);
  });

  it('still accepts the largest one (a plain 404 for a link that does not exist)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/content/resources/2147483647/open', headers: as('student').headers() });
    expect(response.statusCode).toBe(404);
  });
});

describe('row ids in a path are canonical decimal digits', () => {
  // Each of these used to be read as a number (0x1F as 31, 1e3 as 1000, ' 31' as 31...).
  const spellings = ['0x1F', '1e3', '%2031', '31%20', '031', '+31', '31.0', '0', '-1', '0b11', 'Infinity', 'NaN', '%00'];
  it.each(spellings)('refuses /api/content/resources/%s/open', async (spelling) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/content/resources/${spelling}/open`, headers: as('student').headers() });
    expectRefused(response, 'rowId');
  });

  it('refuses them in form fields too', async () => {
    const category = await categoryId(t, 'Job interview');
    const day = dayFromToday(20);
    const form = [...allDayFields(category, day, day, 'Interview'), { name: 'RowId', value: '0x1' }];
    expectRefused(await sendForm(t, as('student'), 'PUT', form), 'RowId');
    const padded = allDayFields(category, day, day, 'Interview').map((part) =>
      part.name === 'AbsenceCategoryRowId' ? { ...part, value: ` ${category}` } : part);
    const response = await sendForm(t, as('student'), 'POST', padded);
    expect(response.statusCode).toBe(400);
  });
});

describe('no text reaches the database with a NUL or an unpaired surrogate', () => {
  const preferences = (theme: string) => `{"theme":"${theme}","border":"Square","font":"System"}`;
  const cases: Case[] = [
    { method: 'POST', url: '/api/user/signin/demo', as: 'anonymous', json: '{"userName":"\\u0000"}', field: 'userName' },
    { method: 'POST', url: '/api/user/signin/demo', as: 'anonymous', json: '{"userName":"student\\u0000"}', field: 'userName' },
    { method: 'POST', url: '/api/user/signin/demo', as: 'anonymous', json: '{"userName":"\\ud800"}', field: 'userName' },
    { method: 'GET', url: '/api/timetable/rooms/%00', as: 'student', field: 'roomId' },
    { method: 'GET', url: '/api/attendance/networkstatus?cache-buster=%00', as: 'student', field: 'cache-buster' },
    { method: 'GET', url: '/api/user/notifications/subscription/%00', as: 'student', field: 'token' },
    { method: 'GET', url: '/api/user/signin/callback?code=%00', as: 'anonymous', field: 'code' },
    { method: 'PUT', url: '/api/user/preferences/userapi', as: 'student', json: preferences('\\u0000'), field: 'theme' },
    { method: 'PUT', url: '/api/user/preferences/userapi', as: 'student', json: preferences('Dark\\udc00'), field: 'theme' },
    { method: 'POST', url: '/api/user/feedback', as: 'student', json: '{"rating":5,"comments":"good\\u0000"}', field: 'comments' },
    { method: 'POST', url: '/api/attendance/referrals/send', as: 'student', json: '{"reason":"Self Referral","notes":"help\\u0000"}', field: 'notes' },
    { method: 'POST', url: '/api/user/notifications/unsubscribe', as: 'student', json: '{"token":"abc\\u0000"}', field: 'token' },
    {
      method: 'POST', url: '/api/user/notifications/subscription', as: 'student', field: 'webPush.endpoint',
      json: '{"token":"abc","subscriptionNotificationTypes":[],"webPush":{"endpoint":"https://push.example/a\\u0000","keys":{"p256dh":"AA","auth":"AA"}}}',
    },
  ];
  it.each(cases.map((c) => [`${c.method} ${c.url} ${c.json ?? ''}`, c] as const))('refuses %s', async (_name, c) => {
    expectRefused(await send(c), c.field);
  });

  it('refuses a NUL in an absence description sent as a form field', async () => {
    const category = await categoryId(t, 'Job interview');
    const day = dayFromToday(21);
    const response = await sendForm(t, as('student'), 'POST', allDayFields(category, day, day, 'Interview\u0000'));
    expectRefused(response, 'absenceDescription');
  });
});

describe('text has an upper bound', () => {
  const cases: Case[] = [
    { method: 'POST', url: '/api/user/signin/demo', as: 'anonymous', json: JSON.stringify({ userName: 'a'.repeat(101) }), field: 'userName' },
    { method: 'POST', url: '/api/user/feedback', as: 'student', json: JSON.stringify({ rating: 4, comments: 'a'.repeat(2001) }), field: 'comments' },
    { method: 'POST', url: '/api/user/notifications/unsubscribe', as: 'student', json: JSON.stringify({ token: 'a'.repeat(1025) }), field: 'token' },
    { method: 'GET', url: `/api/user/signin/callback?state=${'a'.repeat(5000)}`, as: 'anonymous', field: 'state' },
  ];
  it.each(cases.map((c) => [`${c.method} ${c.url.slice(0, 60)}`, c] as const))('refuses %s', async (_name, c) => {
    expectRefused(await send(c), c.field);
  });
});
