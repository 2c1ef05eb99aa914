import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestReferralRoute, sendReferralRoute } from '../../../../src/shared/contract/referrals.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { userId } from '../attendance/support.js';

const RECENT = 'You have recently been referred to Student Support. Please wait before submitting another.';

const t = useTestApp();
let student: Caller;
let student2: Caller;

beforeAll(async () => {
  student = await t.signIn('student');
  student2 = await t.signIn('student2');
});

const latest = async (caller: Caller): Promise<boolean> =>
  (await t.call(latestReferralRoute, { as: caller })).json<{ isWithin30Days: boolean }>().isWithin30Days;
const send = (caller: Caller, payload: unknown) =>
  t.call(sendReferralRoute, { as: caller, body: payload });

describe('referrals', () => {
  it('reports and refuses a referral within 30 days (student2 was referred 6 days ago)', async () => {
    expect(await latest(student2)).toBe(true);
    const response = await send(student2, { reason: 'Self Referral', notes: 'Still struggling' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: RECENT, errors: { referral: [RECENT] }, code: 'validation' });
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
    await sql`update referrals set created_at = ${t.clock.now()}::timestamptz - interval '31 days' where student_user_id = ${id}`.execute(t.db);
    expect(await latest(student)).toBe(false);
    expect((await send(student, { reason: 'Self Referral', notes: 'new' })).statusCode).toBe(204);
  });
});
