import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createAbsenceRoute } from '../../../src/shared/contract/absences.js';
import { createLinkRoute } from '../../../src/shared/contract/adminAudience.js';
import { createAdminNotificationRoute, updateAdminNotificationRoute, type ComposeNotification } from '../../../src/shared/contract/adminNotifications.js';
import type { ErrorCode } from '../../../src/shared/contract/errorCodes.js';
import { sendFeedbackRoute } from '../../../src/shared/contract/feedback.js';
import { IDEMPOTENCY_KEY_LIFETIME_MS, PENDING_CLAIM_LEASE_MS } from '../../../src/server/http/idempotencyStore.js';
import { replayedHeader } from '../../../src/server/http/idempotentAnswer.js';
import { requestFingerprint } from '../../../src/server/http/requestFingerprint.js';
import { callRoute } from '../../helpers/routes.js';
import { rowCounts } from '../../helpers/rowCounts.js';
import type { Caller } from '../../helpers/testApp.js';
import { useTestApp } from '../../helpers/useTestApp.js';
import { multipartBody, samples } from '../features/absences/multipart.js';
import { allDayFields, categoryId, dayFromToday, file } from '../features/absences/support.js';
import { TEST_CLOCK_START } from '../../helpers/testClock.js';
import { clockOf } from '../../../src/server/clock.js';

/** The app's clock: the wall clock's time when the file starts, moved only by the expiry test. */
let clockMs = Date.parse(TEST_CLOCK_START);
const t = useTestApp({ clock: clockOf(() => new Date(clockMs)) });
let admin: Caller;
let student: Caller;

beforeAll(async () => {
  [admin, student] = [await t.signIn('admin'), await t.signIn('student')];
});

const keyed = (key: string) => ({ 'idempotency-key': key });
const compose = (overrides: Partial<ComposeNotification> = {}): ComposeNotification => ({
  title: 'Fire drill',
  body: 'There is a fire drill at 11:00.',
  notificationType: 'General',
  audience: { userNames: ['student2'] },
  ...overrides,
});
const countOf = async (table: 'absence_requests' | 'admin_notifications' | 'notifications' | 'resource_links' | 'feedback') =>
  (await rowCounts(t.db))[`public.${table}`] ?? Number.NaN;
const errorShape = (code: ErrorCode) => ({ message: expect.any(String), errors: { idempotencyKey: [expect.any(String)] }, code });

describe('a retried create with the same Idempotency-Key', () => {
  it('absence request (multipart): answers the first request again, stores nothing new', async () => {
    const illness = await categoryId(t, 'Illness');
    const day = dayFromToday(40);
    const parts = [...allDayFields(illness, day, day, 'Flu'), file('note.pdf', samples.pdf)];
    // Each try is a new multipart body (a new boundary), as a browser sends it.
    const send = () => {
      const { payload, headers } = multipartBody(parts);
      return callRoute(t.app, createAbsenceRoute, { as: student, headers: { ...headers, ...keyed('absence-1') }, body: payload });
    };
    const first = await send();
    expect(first.statusCode).toBe(200);
    const before = await rowCounts(t.db);
    const again = await send();
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers[replayedHeader]).toBe('true');
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('absence request: the same key with another file is refused (422), not replayed', async () => {
    const illness = await categoryId(t, 'Illness');
    const day = dayFromToday(41);
    const sendWith = (bytes: Buffer) => {
      const { payload, headers } = multipartBody([...allDayFields(illness, day, day, 'Cold'), file('note.pdf', bytes)]);
      return callRoute(t.app, createAbsenceRoute, { as: student, headers: { ...headers, ...keyed('absence-2') }, body: payload });
    };
    expect((await sendWith(samples.pdf)).statusCode).toBe(200);
    const before = await countOf('absence_requests');
    const other = await sendWith(Buffer.concat([samples.pdf, Buffer.from('% another page\n')]));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual(errorShape('idempotencyKeyReused'));
    expect(await countOf('absence_requests')).toBe(before);
  });

  it('notification "send now" (JSON create with a one-off effect): sends once, answers the first send again', async () => {
    const send = () => t.call(createAdminNotificationRoute, { as: admin, body: compose(), headers: keyed('send-1') });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'Sent', recipients: 1 });
    const before = await rowCounts(t.db);
    const again = await send();
    expect([again.statusCode, again.body]).toEqual([first.statusCode, first.body]);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('a scheduled notification sent now (the PUT that sends): a retry answers the send instead of 409 "already sent"', async () => {
    const scheduled = await t.call(createAdminNotificationRoute, { as: admin, body: compose({ sendAt: new Date(clockMs + 86_400_000).toISOString() }) });
    const { rowId } = scheduled.json<{ rowId: number }>();
    const sendNow = () => t.call(updateAdminNotificationRoute, { as: admin, params: { rowId }, body: compose(), headers: keyed('send-now-1') });
    const first = await sendNow();
    expect(first.json()).toMatchObject({ status: 'Sent' });
    const inboxBefore = await countOf('notifications');
    const again = await sendNow();
    expect([again.statusCode, again.body]).toEqual([first.statusCode, first.body]);
    expect(await countOf('notifications')).toBe(inboxBefore);
  });

  it('admin link (JSON create): creates one link', async () => {
    const category = (await t.db.selectFrom('resource_categories').select('id').limit(1).executeTakeFirstOrThrow()).id;
    const body = { displayName: 'Once', url: 'https://once.example/', categoryRowId: category, ruleRowIds: [], isActive: true };
    const first = await t.call(createLinkRoute, { as: admin, body, headers: keyed('link-1') });
    expect(first.statusCode).toBe(200);
    const before = await countOf('resource_links');
    const again = await t.call(createLinkRoute, { as: admin, body, headers: keyed('link-1') });
    expect([again.statusCode, again.body]).toEqual([first.statusCode, first.body]);
    expect(await countOf('resource_links')).toBe(before);
  });
});

describe('Idempotency-Key rules', () => {
  it('two requests in flight with one key: only one runs; the other answers the first success or 409', async () => {
    const before = await countOf('admin_notifications');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.call(createAdminNotificationRoute, { as: admin, body: compose({ title: 'Race' }), headers: keyed('race-1') })),
    );
    expect(await countOf('admin_notifications')).toBe(before + 1);
    const successes = answers.filter((answer) => answer.statusCode === 200);
    expect(successes.length).toBeGreaterThanOrEqual(1);
    expect(new Set(successes.map((answer) => answer.body)).size).toBe(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: 'A request with this key is still being processed.', errors: { idempotencyKey: [expect.any(String)] }, code: 'conflict' });
    }
  });

  it('a key whose first request is still running answers 409 (SPEC §8 shape) and runs nothing', async () => {
    const adminId = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
    const body = z.parse(sendFeedbackRoute.body, { rating: 3 });
    await t.db.insertInto('idempotency_keys').values({
      user_id: adminId, key: 'running-1', route_id: sendFeedbackRoute.id, fingerprint: requestFingerprint({ params: {}, query: {}, body }),
      state: 'pending', created_at: new Date(clockMs),
    }).execute();
    const before = await countOf('feedback');
    const response = await t.call(sendFeedbackRoute, { as: admin, body: { rating: 3 }, headers: keyed('running-1') });
    expect(response.statusCode).toBe(409);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual(errorShape('conflict'));
    expect(await countOf('feedback')).toBe(before);
  });

  it('a pending claim older than its lease is taken over by a retry', async () => {
    const adminId = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('idempotency_keys').values({
      user_id: adminId, key: 'lost-1', route_id: sendFeedbackRoute.id, fingerprint: 'x', state: 'pending', created_at: new Date(clockMs - PENDING_CLAIM_LEASE_MS - 1000),
    }).execute();
    const response = await t.call(sendFeedbackRoute, { as: admin, body: { rating: 4 }, headers: keyed('lost-1') });
    expect(response.statusCode).toBe(204);
  });

  it('the same key for another route or another body is refused with 422, and nothing runs', async () => {
    expect((await t.call(sendFeedbackRoute, { as: student, body: { rating: 5 }, headers: keyed('mixed-1') })).statusCode).toBe(204);
    const feedbackBefore = await countOf('feedback');
    const otherBody = await t.call(sendFeedbackRoute, { as: student, body: { rating: 1 }, headers: keyed('mixed-1') });
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({ message: 'This Idempotency-Key was already used for a different request.', errors: { idempotencyKey: [expect.any(String)] }, code: 'idempotencyKeyReused' });
    expect(await countOf('feedback')).toBe(feedbackBefore);
    const notificationsBefore = await countOf('admin_notifications');
    expect((await t.call(sendFeedbackRoute, { as: admin, body: { rating: 5 }, headers: keyed('mixed-2') })).statusCode).toBe(204);
    const otherRoute = await t.call(createAdminNotificationRoute, { as: admin, body: compose(), headers: keyed('mixed-2') });
    expect(otherRoute.statusCode).toBe(422);
    expect(await countOf('admin_notifications')).toBe(notificationsBefore);
  });

  it('keys are per user: another user\'s identical key is their own request', async () => {
    const lecturer = await t.signIn('lecturer');
    const before = await countOf('feedback');
    for (const caller of [student, lecturer]) {
      const response = await t.call(sendFeedbackRoute, { as: caller, body: { rating: 2 }, headers: keyed('shared-key') });
      expect(response.statusCode).toBe(204);
      expect(response.headers[replayedHeader]).toBeUndefined();
    }
    expect(await countOf('feedback')).toBe(before + 2);
  });

  it('a failed request keeps no key: the retry runs again', async () => {
    const refused = await t.call(createAdminNotificationRoute, { as: admin, body: compose({ audience: { userNames: ['nobody.here'] } }), headers: keyed('fix-1') });
    expect(refused.statusCode).toBe(400);
    expect(await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'fix-1').execute()).toEqual([]);
    const again = await t.call(createAdminNotificationRoute, { as: admin, body: compose({ audience: { userNames: ['nobody.here'] } }), headers: keyed('fix-1') });
    expect([again.statusCode, again.body]).toEqual([refused.statusCode, refused.body]);
    expect(again.headers[replayedHeader]).toBeUndefined();
    const fixed = await t.call(createAdminNotificationRoute, { as: admin, body: compose(), headers: keyed('fix-1') });
    expect(fixed.statusCode).toBe(200);
  });

  it('a malformed key is a 400 in the SPEC §8 shape', async () => {
    const response = await t.call(sendFeedbackRoute, { as: student, body: { rating: 5 }, headers: keyed('x'.repeat(101)) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorShape('validation'));
  });

  it('a key older than 24 hours no longer replays: the request runs again', async () => {
    const send = (as: Caller) => t.call(sendFeedbackRoute, { as, body: { rating: 3 }, headers: keyed('day-old') });
    const before = await countOf('feedback');
    await send(student);
    await send(student);
    expect(await countOf('feedback')).toBe(before + 1);
    const start = clockMs;
    try {
      clockMs += IDEMPOTENCY_KEY_LIFETIME_MS + 60_000;
      // A day on, the session the key was used in has expired on the same clock: the student signs in again.
      const later = await t.signIn('student');
      const again = await send(later);
      expect(again.statusCode).toBe(204);
      expect(again.headers[replayedHeader]).toBeUndefined();
    } finally {
      clockMs = start;
    }
    expect(await countOf('feedback')).toBe(before + 2);
  });
});
