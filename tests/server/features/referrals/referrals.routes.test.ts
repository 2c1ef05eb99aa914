import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../helpers/testApp.js';
import { userId } from '../attendance/support.js';

const RECENT = 'You have recently been referred to Student Support. Please wait before submitting another.';

let t: TestApp;
let student: Caller;
let student2: Caller;

beforeAll(async () => {
  t = await createTestApp();
  student = await signIn(t.app, 'student');
  student2 = await signIn(t.app, 'student2');
});
afterAll(() => t.close());

const latest = async (caller: Caller): Promise<boolean> =>
  (await t.app.inject({ method: 'GET', url: '/api/attendance/referrals/latest', headers: caller.headers() })).json<{ isWithin30Days: boolean }>().isWithin30Days;
const send = (caller: Caller, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/attendance/referrals/send', headers: caller.headers(), payload: payload as Record<string, unknown> });

describe('referrals', () => {
  it('reports and refuses a referral within 30 days (student2 was referred 6 days ago)', async () => {
    expect(await latest(student2)).toBe(true);
    const response = await send(student2, { reason: 'Self Referral', notes: 'Still struggling' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: RECENT, errors: { referral: [RECENT] } });
  });

  it('requires trimmed notes', async () => {
    const response = await send(student, { reason: 'Self Referral', notes: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.notes).toEqual(['Text is required']);
    expect((await send(student, { reason: 'Other', notes: 'x' })).statusCode).toBe(400);
  });

  it('sends one, stores the trimmed notes, then blocks the next', async () => {
    expect(await latest(student)).toBe(false);
    const response = await send(student, { reason: 'Self Referral', notes: '  I need help with deadlines.  ' });
    expect(response.statusCode).toBe(204);
    const id = await userId(t.db, 'student');
    const rows = await t.db.selectFrom('referrals').select(['reason', 'notes']).where('student_user_id', '=', id).execute();
    expect(rows).toEqual([{ reason: 'Self Referral', notes: 'I need help with deadlines.' }]);
    expect(await latest(student)).toBe(true);
    expect((await send(student, { reason: 'Self Referral', notes: 'again' })).statusCode).toBe(400);
  });

  it('allows a new referral once the last one is more than 30 days old', async () => {
    const id = await userId(t.db, 'student');
    await sql`update referrals set created_at = now() - interval '31 days' where student_user_id = ${id}`.execute(t.db);
    expect(await latest(student)).toBe(false);
    expect((await send(student, { reason: 'Self Referral', notes: 'new' })).statusCode).toBe(204);
  });
});
