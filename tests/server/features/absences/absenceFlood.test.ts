import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../../../../src/server/clock.js';
import { londonDate } from '../../../../src/server/calendar/academicCalendar.js';
import { duplicateRequestMessage, tooManyRequestsMessage } from '../../../../src/server/features/absences/absences.service.js';
import { addLocalDays } from '../../../../src/shared/rules/absences/dates.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { samples } from './multipart.js';
import { allDayFields, categoryId, file, sendForm, type ErrorBody } from './support.js';

// A Monday of term a year after the test database was seeded (so none of its requests count as
// this hour's), 09:00 in London; the test moves it on.
const clock = new SettableClock(new Date('2027-10-04T09:00:00+01:00'));
const dayAhead = (days: number): string => addLocalDays(londonDate(clock.now()), days);

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'absence-flood-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const t = useTestApp({ env: () => ({ DATA_DIR: dataDir, ABSENCE_REQUESTS_PER_HOUR: '3' }), clock });
let student: Caller;
let illness: number;
beforeAll(async () => {
  student = await t.signIn('student2');
  illness = await categoryId(t, 'Illness');
});

const create = (first: string, last = first) => sendForm(t, student, 'POST', [...allDayFields(illness, first, last, 'Unwell'), file('note.pdf', samples.pdf)]);
const storedCount = async () =>
  (await t.db.selectFrom('absence_requests').innerJoin('users', 'users.id', 'absence_requests.student_user_id').select('absence_requests.id').where('users.user_name', '=', 'student2').execute()).length;

describe('the review queue cannot be flooded', () => {
  it('refuses an open request for exactly the same span (409), but not an overlapping one', async () => {
    const before = await storedCount();
    expect((await create(dayAhead(1))).statusCode).toBe(200);
    const duplicate = await create(dayAhead(1));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<ErrorBody>()).toEqual({ message: duplicateRequestMessage, errors: { dateRange: [duplicateRequestMessage] }, code: 'conflict' });
    // Overlapping, not the same: the student may mean something else (the dialog warns them).
    expect((await create(dayAhead(1), dayAhead(2))).statusCode).toBe(200);
    expect(await storedCount()).toBe(before + 2);
  });

  it('refuses the next request in the same hour once ABSENCE_REQUESTS_PER_HOUR were created (429), and takes it an hour on', async () => {
    // Two were created above; the third is the last this hour.
    expect((await create(dayAhead(3))).statusCode).toBe(200);
    const before = await storedCount();
    const refused = await create(dayAhead(4));
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>()).toEqual({ message: tooManyRequestsMessage, errors: { absenceRequest: [tooManyRequestsMessage] }, code: 'rateLimited' });
    expect(await storedCount()).toBe(before);

    clock.advance(61 * 60_000);
    student = await t.signIn('student2'); // the session lapsed meanwhile
    expect((await create(dayAhead(4))).statusCode).toBe(200);
  });

  it('counts requests sent at once one after another', async () => {
    clock.advance(61 * 60_000);
    student = await t.signIn('student2');
    const answers = await Promise.all([5, 6, 7, 8, 9].map((days) => create(dayAhead(days))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
  });
});
