import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  absenceConfigRoute,
  absenceFileRoute,
  cancelAbsenceRoute,
  createAbsenceRoute,
  listAbsencesRoute,
  type AbsenceConfig,
  type AbsenceRequest,
} from '../../../../src/shared/contract/absences.js';
import { absence } from '../../../../src/shared/constants.js';
import { enrolmentMessages } from '../../../../src/shared/rules/absences/index.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { userId } from '../attendance/support.js';
import { samples } from './multipart.js';
import { allDayFields, asRequest, categoryId, dayFromToday, file, sendForm, storedUploads, type ErrorBody } from './support.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'absences-'));
});
// Registered first, so it runs after the app has closed.
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const t = useTestApp({ env: () => ({ DATA_DIR: dataDir }) });
let student: Caller;
let illness: number;

beforeAll(async () => {
  student = await t.signIn('student');
  illness = await categoryId(t, 'Illness');
});

const storedFiles = (): Promise<string[]> => storedUploads(t);
const list = async (caller = student): Promise<AbsenceRequest[]> =>
  (await t.call(listAbsencesRoute, { as: caller })).json<AbsenceRequest[]>();
const download = (caller: Caller, request: number, fileRow: number) =>
  t.call(absenceFileRoute, { params: { rowId: request, fileRowId: fileRow }, as: caller });
const cancel = (caller: Caller, request: number) =>
  t.call(cancelAbsenceRoute, { params: { rowId: request }, as: caller });

describe('GET /api/attendance/absences/config', () => {
  it('lists the active categories in order, and London-midnight date limits', async () => {
    const response = await t.call(absenceConfigRoute, { as: student });
    expect(response.statusCode).toBe(200);
    const config = response.json<AbsenceConfig>();
    expect(config.categories.map((c) => c.absenceCategoryName)).toEqual(
      ['Illness', 'Medical appointment', 'Bereavement', 'Religious observance', 'Job interview', 'Other']);
    expect(config.categories[0]).toMatchObject({ absenceType: 'Authorised', requiresEvidence: true, requiresDescription: false });
    expect(config.dateLimits.minimum.slice(0, 10) >= dayFromToday(-30, t.clock.now())).toBe(true);
    expect(config.dateLimits.maximum.slice(0, 10) > dayFromToday(0, t.clock.now())).toBe(true);
    expect(config.dateLimits.minimum).toMatch(/T00:00:00\+0[01]:00$/);
  });
});

describe('GET /api/attendance/absences/requests', () => {
  it('lists only the session user\'s requests', async () => {
    const own = await list();
    expect(own.map((r) => r.absenceStatus).sort()).toEqual(
      ['Approved', 'Approved', 'AwaitingEvidence', 'Cancelled', 'Denied', 'Pending', 'PendingCancellation']);
    expect(new Set(own.map((r) => r.studentId))).toEqual(new Set(['S2400001']));
    const other = await list(await t.signIn('student2'));
    expect(other).toHaveLength(1);
    expect(other.some((r) => own.some((o) => o.rowId === r.rowId))).toBe(false);
  });
});

describe('the whole flow: create, list, edit, download, withdraw', () => {
  it('works end to end', async () => {
    const first = dayFromToday(1, t.clock.now());
    const created = await sendForm(t, student, 'POST', [...allDayFields(illness, first, first, 'Flu'), file('fit note.pdf', samples.pdf)]);
    expect(created.statusCode).toBe(200);
    const request = asRequest(created);
    expect(request).toMatchObject({ absenceStatus: 'Pending', absenceCategoryRowId: illness, absenceDescription: 'Flu', studentId: 'S2400001' });
    expect(request.absenceStart).toMatch(new RegExp(`^${first}T00:00:00[+]0[01]:00$`));
    expect(request.supportingFiles).toEqual([{ rowId: expect.any(Number), fileName: 'fit note.pdf' }]);
    expect((await list()).some((r) => r.rowId === request.rowId)).toBe(true);

    const oldFile = request.supportingFiles[0]?.rowId ?? 0;
    const edited = await sendForm(t, student, 'PUT', [
      { name: 'RowId', value: String(request.rowId) },
      ...allDayFields(illness, first, dayFromToday(2, t.clock.now()), 'Flu, two days'),
      { name: 'SupportingFilesToDelete', value: String(oldFile) },
      file('letter.eml', samples.eml), file('scan.jpg', samples.png),
    ]);
    expect(edited.statusCode).toBe(200);
    const updated = asRequest(edited);
    expect(updated.absenceDescription).toBe('Flu, two days');
    expect(updated.absenceEnd.slice(0, 10)).toBe(dayFromToday(3, t.clock.now()));
    expect(updated.supportingFiles.map((f) => f.fileName)).toEqual(['letter.eml', 'scan.png']);
    expect(await storedFiles()).toHaveLength(2);
    expect((await download(student, request.rowId, oldFile)).statusCode).toBe(404);

    const eml = updated.supportingFiles[0]?.rowId ?? 0;
    const fetched = await download(student, request.rowId, eml);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('message/rfc822');
    expect(fetched.headers['content-disposition']).toBe(`attachment; filename="letter.eml"; filename*=UTF-8''letter.eml`);
    expect(fetched.headers['x-content-type-options']).toBe('nosniff');
    expect(fetched.rawPayload.equals(samples.eml)).toBe(true);

    const withdrawn = await cancel(student, request.rowId);
    expect(withdrawn.statusCode).toBe(200);
    expect(asRequest(withdrawn).absenceStatus).toBe('Cancelled');
    // A cancelled request is read-only.
    const late = await sendForm(t, student, 'PUT', [{ name: 'RowId', value: String(request.rowId) }, ...allDayFields(illness, first, first), file('a.pdf', samples.pdf)]);
    expect(late.statusCode).toBe(400);
    expect(await storedFiles()).toHaveLength(2);
  });

  it('encodes a non-ASCII name with RFC 5987', async () => {
    const day = dayFromToday(4, t.clock.now());
    const created = asRequest(await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('Zoë «note».pdf', samples.pdf)]));
    const fileRow = created.supportingFiles[0]?.rowId ?? 0;
    const response = await download(student, created.rowId, fileRow);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Zo_ _note_.pdf"; filename*=UTF-8''Zo%C3%AB%20%C2%ABnote%C2%BB.pdf`);
  });
});

describe('files are checked by content and size', () => {
  it('refuses a renamed executable posing as a PDF, storing nothing', async () => {
    const before = await storedFiles();
    const count = (await list()).length;
    const day = dayFromToday(5, t.clock.now());
    for (const bytes of [samples.elf, samples.exe]) {
      const response = await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('x.pdf', bytes, 'application/pdf')]);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().errors.supportingFiles).toContain("'x.pdf' is not a PDF, DOCX, EML or image file.");
    }
    expect(await storedFiles()).toEqual(before);
    expect(await list()).toHaveLength(count);
  });

  it('refuses a 5 MB + 1 byte file with a field error, and accepts exactly 5 MB', async () => {
    const day = dayFromToday(5, t.clock.now());
    const big = Buffer.concat([samples.pdf, Buffer.alloc(absence.maxFileSizeBytes + 1 - samples.pdf.length, 0x20)]);
    const refused = await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('big.pdf', big)]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().errors.supportingFiles).toContain("'big.pdf' is larger than 5 MB.");
    const accepted = await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('max.pdf', big.subarray(0, absence.maxFileSizeBytes))]);
    expect(accepted.statusCode).toBe(200);
  });

  it('accepts a real DOCX and refuses a plain ZIP named .docx', async () => {
    const day = dayFromToday(6, t.clock.now());
    const docx = await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('letter.docx', samples.docx)]);
    expect(docx.statusCode).toBe(200);
    expect(asRequest(docx).supportingFiles[0]?.fileName).toBe('letter.docx');
    const zip = await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('letter.docx', samples.zip)]);
    expect(zip.statusCode).toBe(400);
    expect(zip.json<ErrorBody>().errors.supportingFiles).toContain("'letter.docx' is not a PDF, DOCX, EML or image file.");
  });

  it('refuses a form that is not multipart', async () => {
    const response = await t.call(createAbsenceRoute, { as: student, body: { AbsenceStart: 'x' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('server validation (SPEC §5 messages)', () => {
  it('files every required-field message under its key', async () => {
    const response = await sendForm(t, student, 'POST', [{ name: 'StudentId', value: 'S2400001' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual({
      startDate: ['Start date is required'], endDate: ['End date is required'],
      startTime: ['Start time is required'], endTime: ['End time is required'],
      absenceCategoryRowId: ['Please select an absence category'],
    });
  });

  it('needs evidence, a description, an existing category, order and limits', async () => {
    const day = dayFromToday(2, t.clock.now());
    const cases: [ReturnType<typeof allDayFields>, Record<string, string[]>][] = [
      [allDayFields(illness, day, day), { supportingFiles: ['Your chosen absence reason requires supporting evidence'] }],
      [allDayFields(await categoryId(t, 'Bereavement'), day, day, '   '), { absenceDescription: ['Your chosen absence reason requires additional information'] }],
      [allDayFields(await categoryId(t, 'Other'), day, day, 'x'.repeat(256)), { absenceDescription: ['The description must be at most 255 characters.'] }],
      [allDayFields(999_999, day, day), { absenceCategoryRowId: ['Please select an absence category'] }],
      [allDayFields(await categoryId(t, 'Religious observance'), day, dayFromToday(1, t.clock.now())), { dateRange: ['End must be after start.'] }],
    ];
    for (const [fields, errors] of cases) {
      const response = await sendForm(t, student, 'POST', fields);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().errors).toEqual(errors);
    }
    const config = (await t.call(absenceConfigRoute, { as: student })).json<AbsenceConfig>();
    const [min, max] = [config.dateLimits.minimum, config.dateLimits.maximum].map((d) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`);
    const early = await sendForm(t, student, 'POST', allDayFields(await categoryId(t, 'Religious observance'), dayFromToday(-40, t.clock.now()), dayFromToday(-40, t.clock.now())));
    expect(early.json<ErrorBody>().errors).toEqual({ dateRange: [`Dates must be within ${min} and ${max}.`] });
  });

  it('counts existing files for evidence, and a refused update keeps everything', async () => {
    const day = dayFromToday(8, t.clock.now());
    const created = asRequest(await sendForm(t, student, 'POST', [...allDayFields(illness, day, day, 'Cold'), file('a.pdf', samples.pdf)]));
    const only = created.supportingFiles[0]?.rowId ?? 0;
    // Keeping the existing file satisfies the evidence rule.
    const kept = await sendForm(t, student, 'PUT', [{ name: 'RowId', value: String(created.rowId) }, ...allDayFields(illness, day, day, 'Cold!')]);
    expect(kept.statusCode).toBe(200);
    // Deleting it without a new one does not, and nothing changes.
    const refused = await sendForm(t, student, 'PUT', [
      { name: 'RowId', value: String(created.rowId) }, ...allDayFields(illness, day, day, 'Changed'), { name: 'SupportingFilesToDelete', value: String(only) },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().errors).toEqual({ supportingFiles: ['Your chosen absence reason requires supporting evidence'] });
    const after = (await list()).find((r) => r.rowId === created.rowId);
    expect(after).toMatchObject({ absenceDescription: 'Cold!', supportingFiles: [{ rowId: only, fileName: 'a.pdf' }] });
    expect((await download(student, created.rowId, only)).statusCode).toBe(200);
  });

  it('refuses to edit an Approved request', async () => {
    const approved = (await list()).find((r) => r.absenceStatus === 'Approved');
    const day = dayFromToday(3, t.clock.now());
    const response = await sendForm(t, student, 'PUT', [{ name: 'RowId', value: String(approved?.rowId) }, ...allDayFields(illness, day, day), file('a.pdf', samples.pdf)]);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toHaveProperty('absenceStatus');
  });
});

describe('ownership: another student\'s request is a 404', () => {
  it('cannot be edited, withdrawn or have its files downloaded', async () => {
    const day = dayFromToday(9, t.clock.now());
    const own = asRequest(await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('mine.pdf', samples.pdf)]));
    const fileRow = own.supportingFiles[0]?.rowId ?? 0;
    const other = await t.signIn('student2');
    expect((await list(other)).some((r) => r.rowId === own.rowId)).toBe(false);
    expect((await download(other, own.rowId, fileRow)).statusCode).toBe(404);
    const edit = await sendForm(t, other, 'PUT', [{ name: 'RowId', value: String(own.rowId) }, ...allDayFields(illness, day, day), file('x.pdf', samples.pdf)]);
    expect(edit.statusCode).toBe(404);
    expect((await cancel(other, own.rowId)).statusCode).toBe(404);
    // A file of one's own request cannot be fetched through another request's id either.
    const theirs = (await list(other))[0];
    expect((await download(other, theirs?.rowId ?? 0, fileRow)).statusCode).toBe(404);
    expect((await list()).find((r) => r.rowId === own.rowId)?.absenceStatus).toBe('Pending');
  });
});

describe('enrolment', () => {
  it('refuses create, update and withdraw for a student who is not fully enrolled', async () => {
    const unenrolled = await t.signIn('student.unenrolled');
    const day = dayFromToday(2, t.clock.now());
    const created = await sendForm(t, unenrolled, 'POST', allDayFields(await categoryId(t, 'Other'), day, day, 'Trip'));
    expect(created.statusCode).toBe(403);
    expect(created.json<ErrorBody>()).toEqual({ message: enrolmentMessages.notFullyEnrolled, errors: { enrolment: [enrolmentMessages.notFullyEnrolled] }, code: 'forbidden' });
    const [theirs] = await list(unenrolled);
    const updated = await sendForm(t, unenrolled, 'PUT', [{ name: 'RowId', value: String(theirs?.rowId) }, ...allDayFields(await categoryId(t, 'Other'), day, day, 'Trip')]);
    expect(updated.statusCode).toBe(403);
    expect((await cancel(unenrolled, theirs?.rowId ?? 0)).statusCode).toBe(403);
  });

  it('gives the unknown-status message when the status is unknown', async () => {
    const id = await userId(t.db, 'student2');
    await t.db.updateTable('profiles').set({ registration_status: null }).where('user_id', '=', id).execute();
    const day = dayFromToday(2, t.clock.now());
    const response = await sendForm(t, await t.signIn('student2'), 'POST', allDayFields(await categoryId(t, 'Other'), day, day, 'x'));
    await t.db.updateTable('profiles').set({ registration_status: 'Registered-Enrolled' }).where('user_id', '=', id).execute();
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().message).toBe(enrolmentMessages.unknown);
  });
});

describe('POST …/requests/:rowId/cancel', () => {
  const insertApproved = async (startDaysAgo: number, endDaysAgo: number): Promise<number> => {
    const now = t.clock.nowMs();
    const row = await t.db.insertInto('absence_requests').values({
      student_user_id: await userId(t.db, 'student'), category_id: illness, status: 'Approved', description: null, message_to_student: null,
      absence_start: new Date(now - startDaysAgo * 86_400_000), absence_end: new Date(now - endDaysAgo * 86_400_000),
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  };

  it('moves an Approved request inside the window to PendingCancellation', async () => {
    const recent = await insertApproved(22, 19);
    expect(asRequest(await cancel(student, recent)).absenceStatus).toBe('PendingCancellation');
    const running = await insertApproved(40, -1);
    expect(asRequest(await cancel(student, running)).absenceStatus).toBe('PendingCancellation');
  });

  it('refuses an Approved request that started more than 30 days ago and has ended', async () => {
    const old = await insertApproved(31, 30);
    const response = await cancel(student, old);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toHaveProperty('absenceStatus');
  });

  it('refuses Denied, Cancelled and PendingCancellation', async () => {
    for (const status of ['Denied', 'Cancelled', 'PendingCancellation'] as const) {
      const request = (await list()).find((r) => r.absenceStatus === status);
      expect((await cancel(student, request?.rowId ?? 0)).statusCode).toBe(400);
    }
  });

  it('is a 404 for an unknown request', async () => {
    expect((await cancel(student, 99_999_999)).statusCode).toBe(404);
  });
});
