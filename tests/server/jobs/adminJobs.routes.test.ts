import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsStateSchema } from '../../../src/shared/contract/admin.js';
import { createTestApp, signIn, type TestApp } from '../../helpers/testApp.js';

/** GET /api/admin/jobs: the queue's counts by state and its latest failures, for administrators. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, 'seeded', { runJobs: true });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/jobs', () => {
  it('answers counts by state per queue and the last failures, without secrets', async () => {
    // A queue no worker takes, so the jobs stay as this test leaves them.
    await t.app.jobs.createQueue('test.jobsState', { retryLimit: 0 });
    await t.app.jobs.send('test.jobsState', {});
    const failed = await t.app.jobs.send('test.jobsState', {});
    await t.app.jobs.send('test.jobsState', {});
    await t.app.jobs.fail('test.jobsState', failed, 'push service at https://push.example/secret-token answered 500');

    const admin = await signIn(t.app, 'admin');
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: admin.headers() });
    expect(response.statusCode).toBe(200);
    const state = jobsStateSchema.parse(response.json());
    expect(state.queues.find((queue) => queue.queue === 'test.jobsState')).toEqual({
      queue: 'test.jobsState', created: 2, retry: 0, active: 0, completed: 0, cancelled: 0, failed: 1,
    });
    const failure = state.lastFailures.find((entry) => entry.queue === 'test.jobsState');
    expect(failure?.message).toBe('push service at <url> answered 500');
    expect(Date.now() - Date.parse(failure?.failedAt ?? '')).toBeLessThan(60_000);
  });

  it('is for administrators only', async () => {
    for (const name of ['student', 'lecturer', 'staff']) {
      const user = await signIn(t.app, name);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: user.headers() })).statusCode).toBe(403);
    }
  });
});
