import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { JOB_SCHEMA } from '../../../src/server/jobs/jobQueue.js';
import { scheduledJobs } from '../../../src/server/jobs/scheduledJobs.js';
import { createTestApp, type TestApp } from '../../helpers/testApp.js';

/** SCHEDULED_JOBS=0: the e2e servers run their timed jobs only when a test asks (/api/test/jobs). */

const START = '2026-10-05T08:55:00+01:00';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function cronSchedules(app: TestApp): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM ${sql.table(`${JOB_SCHEMA}.schedule`)} ORDER BY name`.execute(app.db);
  return rows.map((row) => row.name);
}

describe('SCHEDULED_JOBS', () => {
  it('is on by default: every timed job is scheduled', async () => {
    t = await createTestApp({ CLOCK_START: START }, 'seeded', { runJobs: true });
    expect(t.config.scheduledJobs).toBe(true);
    expect(await cronSchedules(t)).toEqual(scheduledJobs.map((job) => job.name).sort());
  });

  it('off, schedules nothing, and the test control still runs a job on the server clock', async () => {
    t = await createTestApp({ CLOCK_START: START, E2E_TEST_CONTROL: '1', SCHEDULED_JOBS: '0' }, 'seeded', { runJobs: true });
    expect(await cronSchedules(t)).toEqual([]);
    const ran = await t.app.inject({ method: 'POST', url: '/api/test/jobs/attendance.closeRegisters/run' });
    expect(ran.statusCode, ran.body).toBe(200);
    expect(Date.parse((ran.json() as { ranAt: string }).ranAt)).toBeGreaterThanOrEqual(Date.parse(START));
  });

  it('cannot be off without the test control, which alone could run the jobs', () => {
    expect(() => loadConfig({ SCHEDULED_JOBS: '0' })).toThrow(/SCHEDULED_JOBS=0 needs E2E_TEST_CONTROL=1/);
    expect(loadConfig({ SCHEDULED_JOBS: '1' }).scheduledJobs).toBe(true);
  });
});
