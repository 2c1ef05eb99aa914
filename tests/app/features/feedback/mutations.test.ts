import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../../src/app/db/userDatabase';
import { dismissFeedbackPrompt, sendFeedback } from '../../../../src/app/features/feedback/feedbackActions';
import { buildRequest } from '../../../../src/app/sync/mutation';
import { isFeedbackPromptDue } from '../../../../src/shared/rules/feedbackPrompt';
import { makeUser } from '../../sync/support/fixtures';
import { fakeDocument } from '../preferences/fakeDocument';

function db() {
  const database = activeUserDatabase();
  if (!database) throw new Error('no user');
  return database;
}

const shown = async () => (await db().resources.get('feedbackPrompt'))?.value;
const now = new Date('2026-05-01T12:00:00.000Z');

beforeEach(async () => {
  setActiveUser(makeUser());
  vi.stubGlobal('document', fakeDocument({ 'XSRF-TOKEN': 'token-1' }));
  // Offline: nothing is sent, so the queue can be looked at.
  vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
  await db().resources.put({
    key: 'feedbackPrompt',
    value: { lastPromptDate: null, providedFeedback: false },
    etag: 'W/"1"',
    fetchedAt: 1,
    isPending: false,
    isStale: false,
    version: 0,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
});

describe('feedback mutations', () => {
  it("dismissing records a prompt at once, queued as POST /api/user/feedbackprompt { providedFeedback: false }", async () => {
    await dismissFeedbackPrompt(now);
    const value = await shown();
    expect(value).toEqual({ lastPromptDate: now.toISOString(), providedFeedback: false });
    expect(isFeedbackPromptDue(value as never, now)).toBe(false);
    const [entry] = await db().outbox.toArray();
    expect(entry && buildRequest(entry)).toEqual({ method: 'POST', url: '/api/user/feedbackprompt', body: JSON.stringify({ providedFeedback: false }) });
  });

  it('sending queues the feedback itself and marks feedback as given', async () => {
    await sendFeedback({ rating: 5, comments: 'Great', category: 'Praise' as never, appVersion: '1.0.0' }, now).catch(() => undefined);
    // An unknown category is refused before anything is queued.
    expect(await db().outbox.count()).toBe(0);

    await sendFeedback({ rating: 5, comments: 'Great', category: 'Idea', appVersion: '1.0.0' }, now);
    expect(await shown()).toEqual({ lastPromptDate: now.toISOString(), providedFeedback: true });
    const [entry] = await db().outbox.toArray();
    expect(entry?.name).toBe('feedback.send');
    expect(entry && buildRequest(entry)).toEqual({
      method: 'POST',
      url: '/api/user/feedback',
      body: JSON.stringify({ rating: 5, comments: 'Great', category: 'Idea', appVersion: '1.0.0' }),
    });
  });
});
