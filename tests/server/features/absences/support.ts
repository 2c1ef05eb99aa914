import { readdir } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import type { AbsenceRequest } from '../../../../src/shared/contract/absences.js';
import { addDays, londonDate } from '../../../../src/server/db/seed/calendar.js';
import type { Caller, TestApp } from '../../../helpers/testApp.js';
import { multipartBody, type FormPart } from './multipart.js';

export const URL = '/api/attendance/absences/requests';

/** A London date `days` from today, 'YYYY-MM-DD'. */
export const dayFromToday = (days: number): string => addDays(londonDate(new Date()), days);

export async function categoryId(t: TestApp, name: string): Promise<number> {
  return (await t.db.selectFrom('absence_categories').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

export function sendForm(t: TestApp, caller: Caller, method: 'POST' | 'PUT', parts: readonly FormPart[]): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({ method, url: URL, headers: { ...caller.headers(), ...headers }, payload });
}

/** The text fields of a request from `first` (all day) to `last`. */
export function allDayFields(category: number, first: string, last: string, description = ''): FormPart[] {
  return [
    { name: 'StudentId', value: 'S2400001' },
    { name: 'AbsenceCategoryRowId', value: String(category) },
    { name: 'AbsenceStart', value: `${first}T00:00:00` },
    { name: 'AbsenceEnd', value: `${addDays(last, 1)}T00:00:00` },
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

/**
 * What the server keeps of uploads, sorted: the storage keys of evidence stored in the database,
 * and the names of files in DATA_DIR/uploads (temporaries of uploads in progress).
 */
export async function storedUploads(t: TestApp): Promise<string[]> {
  const keys = (await t.db.selectFrom('evidence_contents').select('storage_key').execute()).map((row) => row.storage_key);
  const onDisk = await readdir(t.config.uploadsDir).catch(() => []);
  return [...keys, ...onDisk].sort();
}
