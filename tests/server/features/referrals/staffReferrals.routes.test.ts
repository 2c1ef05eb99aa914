import { beforeAll, describe, expect, it } from 'vitest';
import { listAdGroupsRoute, updateAdGroupRoute, type AdGroup } from '../../../../src/shared/contract/adminAudience.js';
import { supportContentRoute } from '../../../../src/shared/contract/content.js';
import { latestReferralRoute, sendReferralRoute, type LatestReferral } from '../../../../src/shared/contract/referrals.js';
import {
  staffReferralDetailRoute, staffReferralListRoute, staffReferralUpdateRoute, type StaffReferralDetail, type StaffReferralPage,
} from '../../../../src/shared/contract/staffReferrals.js';
import { userInfoRoute, type SignedInUserInfo } from '../../../../src/shared/contract/user.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { userId } from '../attendance/support.js';

const t = useTestApp();
const callers = new Map<string, Caller>();
const as = (name: string): Caller => {
  const caller = callers.get(name);
  if (!caller) throw new Error(`no caller for ${name}`);
  return caller;
};
/** The referral `student` sends in the first test; the seed's of student2 is older. */
let sentId = 0;
let seededId = 0;

beforeAll(async () => {
  for (const name of ['student', 'student2', 'lecturer', 'staff', 'support', 'admin']) callers.set(name, await t.signIn(name));
  seededId = (await t.db.selectFrom('referrals').select('id').where('student_user_id', '=', await userId(t.db, 'student2')).executeTakeFirstOrThrow()).id;
});

const list = (caller: Caller, query: Record<string, string | string[]> = {}) => t.call(staffReferralListRoute, { as: caller, query });
const detail = (caller: Caller, rowId: number) => t.call(staffReferralDetailRoute, { as: caller, params: { rowId } });
const update = (caller: Caller, rowId: number, body: unknown) => t.call(staffReferralUpdateRoute, { as: caller, params: { rowId }, body });
const latest = async (caller: Caller) => (await t.call(latestReferralRoute, { as: caller })).json<LatestReferral>();

describe('a new referral reaches Student Support', () => {
  it('stores it as New and notifies every member of a Student Support group, naming no one', async () => {
    const response = await t.call(sendReferralRoute, { as: as('student'), body: { reason: 'Self Referral', notes: 'I am not coping with my workload.' } });
    expect(response.statusCode).toBe(204);
    const row = await t.db.selectFrom('referrals').select(['id', 'status']).where('student_user_id', '=', await userId(t.db, 'student')).executeTakeFirstOrThrow();
    expect(row.status).toBe('New');
    sentId = row.id;
    const notes = await t.db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select(['u.user_name', 'n.title', 'n.body', 'n.url', 'n.notification_type'])
      .where('n.dedupe_key', '=', `referral:${sentId}`)
      .execute();
    expect(notes).toEqual([
      {
        user_name: 'support',
        title: 'New Student Support referral',
        body: 'A student has asked Student Support for help. Open the case to read it.',
        url: `/staff/referrals/${sentId}`,
        notification_type: 'General',
      },
    ]);
    expect(JSON.stringify(notes)).not.toContain('Amara');
  });

  it('tells the student when they sent it and its status, and only about their own', async () => {
    const own = await latest(as('student'));
    expect(own).toMatchObject({ isWithin30Days: true, status: 'New' });
    expect(own.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    const other = await latest(as('student2'));
    expect(other.status).toBe('New');
    expect(other.sentAt).not.toBe(own.sentAt);
  });
});

describe('the queue is for Student Support only', () => {
  it('refuses everyone without the capability with 403, and anonymous callers with 401', async () => {
    for (const name of ['student', 'student2', 'lecturer', 'staff']) {
      const caller = as(name);
      expect((await list(caller)).statusCode, name).toBe(403);
      expect((await detail(caller, sentId)).statusCode, name).toBe(403);
      expect((await update(caller, sentId, { status: 'Contacted', note: 'Called them.' })).statusCode, name).toBe(403);
    }
    expect((await t.call(staffReferralListRoute, {})).statusCode).toBe(401);
    expect((await t.db.selectFrom('referrals').select('status').where('id', '=', sentId).executeTakeFirstOrThrow()).status).toBe('New');
  });

  it('never shows a student another student\u2019s referral', async () => {
    // student2 asks for student's case by its id: refused, and their own latest says nothing of it.
    const response = await detail(as('student2'), sentId);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('not coping');
    // Their latest is their own, older one, not the referral just sent by student.
    const [theirs, mine] = [await latest(as('student2')), await latest(as('student'))];
    expect(Date.parse(theirs.sentAt ?? '')).toBeLessThan(Date.parse(mine.sentAt ?? ''));
  });

  it('grants it to members of Student Support and to administrators, and says so in user info', async () => {
    for (const name of ['support', 'admin']) expect((await list(as(name))).statusCode, name).toBe(200);
    const info = async (name: string) => (await t.call(userInfoRoute, { as: as(name) })).json<SignedInUserInfo>().isStudentSupport;
    expect(await info('support')).toBe(true);
    expect(await info('admin')).toBe(true);
    expect(await info('staff')).toBe(false);
    expect(await info('student')).toBe(false);
  });
});

describe('the queue', () => {
  it('lists open referrals newest first, with name, id, programme and notes, and counts each status', async () => {
    const page = (await list(as('support'))).json<StaffReferralPage>();
    expect(page.items.map((item) => item.rowId)).toEqual([sentId, seededId]);
    expect(page.items[0]).toMatchObject({
      studentName: 'Amara Okafor', studentId: 'S2400001', notes: 'I am not coping with my workload.', status: 'New',
    });
    expect(page.items[0]?.programme).toEqual(expect.any(String));
    expect(page.counts).toEqual({ New: 2, Contacted: 0, Closed: 0 });
    expect(page.total).toBe(2);
  });

  it('filters by status and by student name or id', async () => {
    expect((await list(as('support'), { status: 'Closed' })).json<StaffReferralPage>().items).toEqual([]);
    expect((await list(as('support'), { student: 'liam' })).json<StaffReferralPage>().items.map((i) => i.rowId)).toEqual([seededId]);
    expect((await list(as('support'), { student: 'S2400001' })).json<StaffReferralPage>().items.map((i) => i.rowId)).toEqual([sentId]);
    expect((await list(as('support'), { status: 'Sent' })).statusCode).toBe(400);
  });

  it('answers 404 for a referral that does not exist', async () => {
    expect((await detail(as('support'), 999_999)).statusCode).toBe(404);
    expect((await update(as('support'), 999_999, { status: 'Contacted', note: 'x' })).statusCode).toBe(404);
  });
});

describe('status changes', () => {
  it('needs a case note', async () => {
    const response = await update(as('support'), sentId, { status: 'Contacted', note: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.note).toEqual(['Write a case note.']);
  });

  it('marks a referral Contacted with a private note, audited without the note, and the student sees "Contacted"', async () => {
    const response = await update(as('support'), sentId, { status: 'Contacted', note: '  Phoned Amara; meeting booked for Tuesday.  ' });
    expect(response.statusCode).toBe(200);
    const saved = response.json<StaffReferralDetail>();
    expect(saved.status).toBe('Contacted');
    expect(saved.caseNotes).toEqual([
      expect.objectContaining({ statusBefore: 'New', status: 'Contacted', note: 'Phoned Amara; meeting booked for Tuesday.', authorName: 'Maya Robinson' }),
    ]);
    const audit = await t.db.selectFrom('audit_log').select(['user_id', 'detail']).where('action', '=', 'referral.status').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.user_id).toBe(await userId(t.db, 'support'));
    expect(audit[0]?.detail).toMatchObject({ target: { type: 'referral', id: sentId }, before: { status: 'New' }, after: { status: 'Contacted' } });
    expect(JSON.stringify(audit[0]?.detail)).not.toContain('Phoned');

    const own = await latest(as('student'));
    expect(own.status).toBe('Contacted');
    expect(JSON.stringify(own)).not.toContain('Phoned');
    expect((await list(as('support'))).json<StaffReferralPage>().counts).toEqual({ New: 1, Contacted: 1, Closed: 0 });
  });

  it('closes it; an administrator may too, and each change is audited', async () => {
    expect((await update(as('admin'), sentId, { status: 'Closed', note: 'Supported through the term; nothing more to do.' })).statusCode).toBe(200);
    const detailNow = (await detail(as('support'), sentId)).json<StaffReferralDetail>();
    expect(detailNow.caseNotes.map((n) => [n.statusBefore, n.status, n.authorName])).toEqual([['New', 'Contacted', 'Maya Robinson'], ['Contacted', 'Closed', 'Sam Taylor']]);
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'referral.status').execute()).toHaveLength(2);
    // Closed ones leave the default (open) list.
    expect((await list(as('support'))).json<StaffReferralPage>().items.map((i) => i.rowId)).toEqual([seededId]);
  });
});

describe('granting the capability under Admin → Directory groups', () => {
  it('marking a group as Student Support lets its members in on their next request', async () => {
    const groups = (await t.call(listAdGroupsRoute, { as: as('admin') })).json<AdGroup[]>();
    const office = groups.find((g) => g.displayName === 'School Office')!;
    expect(office.isStudentSupportGroup).toBe(false);
    expect(groups.find((g) => g.displayName === 'Student Support')?.isStudentSupportGroup).toBe(true);
    const { rowId, memberCount: _m, ruleCount: _r, ...body } = office;
    expect((await t.call(updateAdGroupRoute, { as: as('admin'), params: { rowId }, body: { ...body, isStudentSupportGroup: true } })).statusCode).toBe(200);
    expect((await list(as('staff'))).statusCode).toBe(200);
    await t.call(updateAdGroupRoute, { as: as('admin'), params: { rowId }, body: { ...body, isStudentSupportGroup: false } });
    expect((await list(as('staff'))).statusCode).toBe(403);
  });
});

describe('the urgent-help text', () => {
  it('is the default (999, NHS 111, Samaritans) for any signed-in user', async () => {
    const response = await t.call(supportContentRoute, { as: as('student') });
    expect(response.statusCode).toBe(200);
    const { urgentHelp } = response.json<{ urgentHelp: string }>();
    for (const part of ['999', 'NHS 111', 'Samaritans', '116 123']) expect(urgentHelp).toContain(part);
    expect((await t.call(supportContentRoute, {})).statusCode).toBe(401);
  });
});
