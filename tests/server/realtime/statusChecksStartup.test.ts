import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../src/server/db/freePort.js';
import { readStatuses } from '../../../src/server/realtime/statusStore.js';
import { createTestApp, type TestApp } from '../../helpers/testApp.js';

/**
 * In demo mode (no STATUS_CHECKS) the status checks ask this very server's /api/health. They must
 * not run before it listens: a run then found the port closed, and every service showed as
 * having problems for the first period after each start (the header's alert, as if offline).
 */
let t: TestApp;
let port = 0;

beforeAll(async () => {
  port = await findFreePort();
  t = await createTestApp({ PORT: String(port), HOST: '127.0.0.1' }, 'seeded', { runJobs: true });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const problemStates = new Set(['degraded', 'outage']);

describe('the demo status checks at start-up', () => {
  it('record no problem while the server is not yet listening, and find every service working once it is', async () => {
    expect(t.config.status.checks.map((check) => check.url)).toContain(`http://127.0.0.1:${port}/api/health?service=timetable`);
    // Time enough for a check queued at start-up to have run and been recorded.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const early = (await readStatuses(t.db, new Date())).statuses;
    expect(early.filter((status) => problemStates.has(status.state))).toEqual([]);

    await t.app.listen({ port, host: '127.0.0.1' });
    await expect
      .poll(async () => (await readStatuses(t.db, new Date())).statuses.map((status) => `${status.id}: ${status.state}`).sort(), { timeout: 20_000, interval: 250 })
      .toEqual(['attendance: operational', 'notifications: operational', 'resources: operational', 'timetable: operational']);
  });
});
