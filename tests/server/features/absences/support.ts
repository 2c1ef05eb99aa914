import { readdir } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { createAbsenceRoute, updateAbsenceRoute, type AbsenceRequest } from '../../../../src/shared/contract/absences.js';
import { londonDate } from '../../../../src/server/calendar/academicCalendar.js';
import { addLocalDays } from '../../../../src/shared/rules/absences/dates.js';
import { callRoute } from '../../../helpers/routes.js';
import type { Caller, TestApp } from '../../../helpers/testApp.js';
import { TEST_CLOCK_START } from '../../../helpers/testClock.js';
import { multipartBody, type FormPart } from './multipart.js';

/**
 * A London date `days` from the day of `now`, 'YYYY-MM-DD': pass the app's `t.clock.now()`. Without
 * it, the day the test clock starts on (TEST_CLOCK_START), which is every default test app's today.
 */
export const dayFromToday = (days: number, now: Date = new Date(TEST_CLOCK_START)): string => addLocalDays(londonDate(now), days);

export async function categoryId(t: Pick<TestApp, 'db'>, name: string): Promise<number> {
  return (await t.db.selectFrom('absence_categories').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

export function sendForm(t: Pick<TestApp, 'app'>, caller: Caller, method: 'POST' | 'PUT', parts: readonly FormPart[]): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(parts);
  return callRoute(t.app, method === 'POST' ? createAbsenceRoute : updateAbsenceRoute, { as: caller, headers, body: payload });
}

/** The text fields of a request from `first` (all day) to `last`. */
export function allDayFields(category: number, first: string, last: string, description = ''): FormPart[] {
  return [
    { name: 'StudentId', value: 'S2400001' },
    { name: 'AbsenceCategoryRowId', value: String(category) },
    { name: 'AbsenceStart', value: `${first}T00:00:00` },
    { name: 'AbsenceEnd', value: `${addLocalDays(last, 1)}T00:00:00` },
    ...(description ? [{ name: 'AbsenceDescription', value: description }] : []),
  ];
}

export const file = (fileName: string, bytes: Buffer, contentType?: string): FormPart =>
  ({ name: 'SupportingFiles', fileName, bytes, ...(contentType ? { contentType } : {}) });

export interface ErrorBody {
  readonly message: string;
  readonly errors: Record<string, string[]>;
}

export const asRequest = (response: LightMyRequestResponse): AbsenceRequest => response.json<AbsenceRequest>();

/** The absence requests collection, shared by list, create and update (for raw requests the helpers cannot send). */
export const REQUESTS_PATH = createAbsenceRoute.path;

/**
 * What the server keeps of uploads, sorted: the storage keys of evidence stored in the database,
 * and the names of files in DATA_DIR/uploads (temporaries of uploads in progress).
 */
export async function storedUploads(t: Pick<TestApp, 'db' | 'config'>): Promise<string[]> {
  const keys = (await t.db.selectFrom('evidence_contents').select('storage_key').execute()).map((row) => row.storage_key);
  const onDisk = await readdir(t.config.uploadsDir).catch(() => []);
  return [...keys, ...onDisk].sort();
}
