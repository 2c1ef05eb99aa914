import { describe, expect, it } from 'vitest';
import { adminFeedbackRoute } from '../../../../src/shared/contract/adminFeedback.js';
import {
  feedbackPromptDateRoute,
  recordFeedbackPromptRoute,
  sendFeedbackRoute,
} from '../../../../src/shared/contract/feedback.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

const t = useTestApp();

async function userId(userName: string): Promise<number> {
  return (await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

describe('GET /api/user/feedbackprompt/date', () => {
  it('answers no date for a user never prompted, and the latest prompt for one who was', async () => {
    const student = await t.signIn('student');
    expect((await t.call(feedbackPromptDateRoute, { as: student })).json()).toEqual({ lastPromptDate: null, providedFeedback: false });

    // The seed gives student2 a prompt three days ago, with feedback.
    const other = (await t.call(feedbackPromptDateRoute, { as: await t.signIn('student2') })).json();
    expect(other.providedFeedback).toBe(true);
    const ageDays = (t.clock.nowMs() - Date.parse(other.lastPromptDate)) / 86_400_000;
    expect(ageDays).toBeGreaterThan(2.9);
    expect(ageDays).toBeLessThan(3.1);
  });
});

describe('POST /api/user/feedbackprompt', () => {
  it("records a dismissal as the caller's latest prompt, now", async () => {
    const caller = await t.signIn('lecturer');
    const before = t.clock.nowMs();
    const recorded = await t.call(recordFeedbackPromptRoute, { as: caller, body: { providedFeedback: false } });
    expect(recorded.statusCode).toBeLessThan(300);
    const date = (await t.call(feedbackPromptDateRoute, { as: caller })).json();
    expect(date.providedFeedback).toBe(false);
    expect(Date.parse(date.lastPromptDate)).toBeGreaterThanOrEqual(before - 5_000);
    // Nobody else's prompt moved.
    expect((await t.call(feedbackPromptDateRoute, { as: await t.signIn('staff') })).json().lastPromptDate).toBeNull();
  });

  it('refuses a body without a boolean providedFeedback, in the error shape', async () => {
    const response = await t.call(recordFeedbackPromptRoute, { as: await t.signIn('lecturer'), body: { providedFeedback: 'yes' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { providedFeedback: expect.any(Array) } });
  });
});

describe('POST /api/user/feedback', () => {
  it('stores the feedback with its sender, category and app version, and records a prompt with feedback', async () => {
    const caller = await t.signIn('student.unknown');
    const response = await t.call(sendFeedbackRoute, {
      as: caller,
      body: { rating: 5, comments: '  Love the timetable.  ', category: 'Idea', appVersion: '1.2.3' },
    });
    expect(response.statusCode).toBeLessThan(300);
    const stored = await t.db.selectFrom('feedback').selectAll().where('user_id', '=', await userId('student.unknown')).execute();
    expect(stored).toMatchObject([{ rating: 5, comment: 'Love the timetable.', category: 'Idea', app_version: '1.2.3' }]);
    expect((await t.call(feedbackPromptDateRoute, { as: caller })).json()).toMatchObject({ providedFeedback: true, lastPromptDate: expect.any(String) });
  });

  it('stores a replay with the same Idempotency-Key once', async () => {
    const caller = await t.signIn('staff');
    const send = () => t.call(sendFeedbackRoute, { as: caller, body: { rating: 2 }, headers: { 'idempotency-key': 'entry-42' } });
    expect((await send()).statusCode).toBeLessThan(300);
    expect((await send()).statusCode).toBeLessThan(300);
    const id = await userId('staff');
    expect(await t.db.selectFrom('feedback').select('rating').where('user_id', '=', id).execute()).toEqual([{ rating: 2 }]);
    expect(await t.db.selectFrom('feedback_prompts').select('id').where('user_id', '=', id).execute()).toHaveLength(1);
  });

  it('refuses a rating out of range, an unknown category and an over-long comment', async () => {
    const caller = await t.signIn('staff');
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 3, category: 'Rant' }, { rating: 3, comments: 'x'.repeat(1001) }]) {
      const response = await t.call(sendFeedbackRoute, { as: caller, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
  });
});

describe('GET /api/admin/feedback', () => {
  it('lists every user\u2019s feedback, newest first, with its sender and version, for administrators', async () => {
    const admin = await t.signIn('admin');
    await t.call(sendFeedbackRoute, { as: await t.signIn('lecturer'), body: { rating: 3, comments: 'Newest one', appVersion: '9.9.9' } });
    const response = await t.call(adminFeedbackRoute, { as: admin });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    const count = await t.db.selectFrom('feedback').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(list.total).toBe(Number(count.n));
    expect(list.items[0]).toMatchObject({ rating: 3, comments: 'Newest one', appVersion: '9.9.9', userName: 'lecturer', userDisplayName: 'Dr Helen Marsh' });
    expect(list.items.map((item: { userName: string }) => item.userName)).toContain('student2');
    const dates = list.items.map((item: { createdAt: string }) => Date.parse(item.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const page = (await t.call(adminFeedbackRoute, { as: admin, query: { limit: 1, offset: 1 } })).json();
    expect(page.items).toEqual([list.items[1]]);
  });

  it('refuses students and staff without the Administrator role, and a bad limit', async () => {
    expect((await t.call(adminFeedbackRoute, { as: await t.signIn('student') })).statusCode).toBe(403);
    expect((await t.call(adminFeedbackRoute, { as: await t.signIn('lecturer') })).statusCode).toBe(403);
    const bad = await t.call(adminFeedbackRoute, { as: await t.signIn('admin'), query: { limit: '0' } });
    expect(bad.statusCode).toBe(400);
  });
});
